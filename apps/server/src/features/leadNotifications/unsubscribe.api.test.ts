import { pathOf } from '@quizbeam/contracts/endpoint';
import {
  leadEmailUnsubscribeEndpoint,
  listUnsubscribedRecipientsEndpoint,
  resubscribeRecipientEndpoint,
} from '@quizbeam/contracts/leadNotifications';
import { createQuizEndpoint, deleteQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { leadNotificationUnsubscribes } from '@quizbeam/db/measurementSchema';
import { quizzes } from '@quizbeam/db/schema';
import { escapeHtml } from '@quizbeam/player/escapeHtml';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';
import { UNSUBSCRIBE_RATE_LIMIT } from './routes';
import { INVALID_UNSUBSCRIBE_LINK_TEXT, unsubscribedText, unsubscribeQuestion } from './unsubscribePage';
import { unsubscribeToken } from './unsubscribeToken';

/*
 * The unsubscribe link of a new-lead email: opening it changes nothing (mail scanners open links), its
 * button or a mail program's one-click post records it, a forged link is a 404; and the Capture Form's view
 * of who unsubscribed, which the quiz's own account alone may read and change.
 */

const QUIZ_NAME = 'Dogs <b>&</b> "cats"';
const RECIPIENT = 'sales.team@example.com';

let t: TestApp;
let owner: SignedInAccount;
let stranger: SignedInAccount;
let quizId: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.signIn();
  stranger = await t.signIn();
  quizId = (await owner.send(createQuizEndpoint, { body: { name: QUIZ_NAME, type: 'general' } })).data()
    .quizId;
  await listRecipients(t.database.db, quizId, [
    RECIPIENT,
    'one-click@example.com',
    'multipart@example.com',
    'csrf@example.com',
    'forged@example.com',
  ]);
});
afterAll(async () => {
  await t?.close();
});

/** The quiz's saved list of new-lead email recipients, written as a save leaves it. */
async function listRecipients(db: TestApp['database']['db'], forQuiz: string, recipients: string[]) {
  const settings = JSON.stringify({ mode: 'each', recipients });
  await db
    .update(quizzes)
    .set({ document: sql`jsonb_set(${quizzes.document}, '{leadNotifications}', ${settings}::jsonb)` })
    .where(eq(quizzes.id, forQuiz));
}

const linkOf = (forQuiz: string, email: string) =>
  pathOf(leadEmailUnsubscribeEndpoint, {
    token: unsubscribeToken(t.context.sessionSecret, { quizId: forQuiz, email }),
  });

const open = (url: string) => t.app.inject({ method: 'GET', url });
/** The page's button: a same-origin form post, as the browser sends it. */
const press = (url: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { origin: APP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

const storedFor = async (forQuiz: string) =>
  (
    await t.database.db
      .select({ email: leadNotificationUnsubscribes.email })
      .from(leadNotificationUnsubscribes)
      .where(eq(leadNotificationUnsubscribes.quizId, forQuiz))
  ).map((row) => row.email);

describe('the unsubscribe link', () => {
  it('opens a page that asks, with a button, and changes nothing', async () => {
    const link = linkOf(quizId, RECIPIENT);
    for (let opened = 0; opened < 3; opened += 1) {
      const page = await open(link);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['content-security-policy']).toContain("form-action 'self'");
      expect(page.body).toContain(escapeHtml(unsubscribeQuestion(QUIZ_NAME, RECIPIENT)));
      expect(page.body).not.toContain(QUIZ_NAME);
      expect(page.body).toContain(`<form method="post" action="${link}">`);
    }
    expect(await storedFor(quizId)).toEqual([]);
  });

  it('records the address when its button is pressed, once however often', async () => {
    const link = linkOf(quizId, RECIPIENT);
    for (let pressed = 0; pressed < 2; pressed += 1) {
      const done = await press(link);
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain(escapeHtml(unsubscribedText(QUIZ_NAME)));
    }
    expect(await storedFor(quizId)).toEqual([RECIPIENT]);
    // Opened again later, the link says it is done rather than asking.
    const again = await open(link);
    expect(again.body).toContain(escapeHtml(unsubscribedText(QUIZ_NAME)));
    expect(again.body).not.toContain('<form');
  });

  it("takes a mail program's one-click post, which has no Origin", async () => {
    const email = 'one-click@example.com';
    const answer = await t.app.inject({
      method: 'POST',
      url: linkOf(quizId, email),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(answer.statusCode).toBe(200);
    const multipart = await t.app.inject({
      method: 'POST',
      url: linkOf(quizId, 'multipart@example.com'),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
    expect((await storedFor(quizId)).sort()).toEqual(
      ['multipart@example.com', 'one-click@example.com', RECIPIENT].sort(),
    );
  });

  it('refuses a post from another website', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: linkOf(quizId, 'csrf@example.com'),
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(answer.statusCode).toBe(403);
    expect(await storedFor(quizId)).not.toContain('csrf@example.com');
  });

  it('answers a clear 404 page for a forged or broken link, and for a deleted quiz', async () => {
    const real = unsubscribeToken(t.context.sessionSecret, { quizId, email: 'forged@example.com' });
    const forgedTokens = [
      unsubscribeToken('another-secret-that-is-long-enough-0123456789', {
        quizId,
        email: 'forged@example.com',
      }),
      real.slice(0, -2),
      `${real}x`,
      'nonsense',
    ];
    for (const token of forgedTokens) {
      const url = pathOf(leadEmailUnsubscribeEndpoint, { token });
      for (const answer of [await open(url), await press(url)]) {
        expect([token, answer.statusCode]).toEqual([token, 404]);
        expect(answer.headers['content-type']).toContain('text/html');
        expect(answer.body).toContain(INVALID_UNSUBSCRIBE_LINK_TEXT);
      }
    }
    expect(await storedFor(quizId)).not.toContain('forged@example.com');

    const { quizId: doomed } = (
      await owner.send(createQuizEndpoint, { body: { name: 'Soon gone', type: 'general' } })
    ).data();
    await listRecipients(t.database.db, doomed, [RECIPIENT]);
    const link = linkOf(doomed, RECIPIENT);
    expect((await open(link)).statusCode).toBe(200);
    expect((await owner.send(deleteQuizEndpoint, { params: { id: doomed } })).statusCode).toBe(200);
    expect((await open(link)).statusCode).toBe(404);
    expect((await press(link)).statusCode).toBe(404);
  });

  it('limits how often one address may post unsubscribes', async () => {
    // A fresh app, so that the other tests' posts do not count.
    const limited = await startTestApp();
    try {
      const account = await limited.signIn();
      const { quizId: id } = (
        await account.send(createQuizEndpoint, { body: { name: 'Busy', type: 'general' } })
      ).data();
      await listRecipients(limited.database.db, id, [RECIPIENT]);
      const url = pathOf(leadEmailUnsubscribeEndpoint, {
        token: unsubscribeToken(limited.context.sessionSecret, { quizId: id, email: RECIPIENT }),
      });
      const post = () => limited.app.inject({ method: 'POST', url });
      for (let posted = 0; posted < UNSUBSCRIBE_RATE_LIMIT.max; posted += 1) {
        expect((await post()).statusCode).toBe(200);
      }
      const refused = await post();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe("the Capture Form's list of who unsubscribed", () => {
  it('lists them alphabetically, and Subscribe Again takes one off the list', async () => {
    const { quizId: id } = (
      await owner.send(createQuizEndpoint, { body: { name: 'List', type: 'general' } })
    ).data();
    await t.database.db.insert(leadNotificationUnsubscribes).values([
      { quizId: id, email: 'zed@example.com' },
      { quizId: id, email: 'amy+leads@example.com' },
    ]);
    const list = await owner.send(listUnsubscribedRecipientsEndpoint, { params: { quizId: id } });
    expect(list.data()).toEqual({ emails: ['amy+leads@example.com', 'zed@example.com'] });

    // The address travels in the path, + and @ encoded.
    const resubscribe = () =>
      owner.send(resubscribeRecipientEndpoint, { params: { quizId: id, email: 'amy+leads@example.com' } });
    expect((await resubscribe()).data()).toEqual({ ok: true });
    expect((await owner.send(listUnsubscribedRecipientsEndpoint, { params: { quizId: id } })).data()).toEqual(
      {
        emails: ['zed@example.com'],
      },
    );
    // Once more changes nothing.
    expect((await resubscribe()).statusCode).toBe(200);
  });

  it("answers 404 for another account's quiz and a malformed address, 401 signed out", async () => {
    await t.database.db
      .insert(leadNotificationUnsubscribes)
      .values({ quizId, email: 'kept@example.com' })
      .onConflictDoNothing();
    const list = await stranger.send(listUnsubscribedRecipientsEndpoint, { params: { quizId } });
    expect(list.statusCode).toBe(404);
    const taken = await stranger.send(resubscribeRecipientEndpoint, {
      params: { quizId, email: 'kept@example.com' },
    });
    expect(taken.statusCode).toBe(404);
    expect(await storedFor(quizId)).toContain('kept@example.com');

    const malformed = await owner.send(resubscribeRecipientEndpoint, {
      params: { quizId, email: 'not-an-address' },
    });
    expect(malformed.statusCode).toBe(404);

    const signedOut = await t.app.inject({
      method: 'GET',
      url: pathOf(listUnsubscribedRecipientsEndpoint, { quizId }),
    });
    expect(signedOut.statusCode).toBe(401);
    const signedOutDelete = await t.app.inject({
      method: 'DELETE',
      url: pathOf(resubscribeRecipientEndpoint, { quizId, email: 'kept@example.com' }),
      headers: { origin: APP_ORIGIN },
    });
    expect(signedOutDelete.statusCode).toBe(401);
    expect(await storedFor(quizId)).toContain('kept@example.com');
  });
});
