import {
  ACCOUNT_DISABLED_LOGIN_MESSAGE,
  QUIZ_UNAVAILABLE_TEXT,
  QUIZ_UNAVAILABLE_TITLE,
} from '@quizbeam/contracts/admin';
import { meEndpoint } from '@quizbeam/contracts/auth';
import { errorBodySchema } from '@quizbeam/contracts/errors';
import { accounts, domains, leads, quizzes, sessions, users } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishCaptureQuiz } from '../../testing/deliveries';
import {
  liveSnapshotIdOf,
  PUBLISH_HOST,
  PUBLISH_ORIGIN,
  storedScoredQuiz,
  visitorOf,
} from '../../testing/publishing';
import {
  APP_ORIGIN,
  type SignedInAccount,
  sessionCookieFrom,
  startTestApp,
  type TestApp,
} from '../../testing/testApp';
import { issuePasswordCode } from '../auth/passwordCodes';
import type { PublishedSite } from '../publishedSite/publishedSite';
import { endAccountSessions } from './endAccountSessions';
import { QUIZ_UNAVAILABLE_VISITOR_TEXT } from './quizUnavailable';

let t: TestApp;
let site: PublishedSite;
let visitor: ReturnType<typeof visitorOf>;
beforeAll(async () => {
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN });
  site = t.publishedSite();
  visitor = visitorOf(t);
});
afterAll(async () => {
  await t?.close();
});

/** What the admin console's operation does: set or clear disabledAt, end the sessions, commit, announce. */
async function setDisabled(accountId: string, disabled: boolean): Promise<void> {
  const { db } = t.context;
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ disabledAt: disabled ? new Date() : null })
      .where(eq(accounts.id, accountId));
    if (disabled) await endAccountSessions(tx, accountId);
  });
  await site.changes.announce({ kind: 'accountStatusChanged', accountId });
}

const login = (email: string, password = 'correct horse') =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { origin: APP_ORIGIN },
    payload: { email, password },
  });

const put = (url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: { origin: APP_ORIGIN }, payload });

async function publishedAccount() {
  const account = await t.signIn();
  const published = await publishCaptureQuiz(t, account, {});
  const page = () => visitor('GET', `/${published.quiz.publishedId}`);
  const snapshotId = await liveSnapshotIdOf(t, published.quiz.id);
  // Each question's second answer: a path through every question.
  const answers = published.quiz.questions.map((question) => ({
    questionId: question.id,
    answerId: question.answers[1]?.id,
  }));
  const leadOf = (email: string) =>
    visitor('POST', '/_q/leads', {
      snapshotId,
      visitId: `visit-${crypto.randomUUID()}`,
      answers,
      email,
      name: null,
      consent: false,
      pageUrl: `${PUBLISH_ORIGIN}/${published.quiz.publishedId}`,
    });
  return { account, ...published, page, snapshotId, answers, leadOf };
}

const leadCount = async (quizId: string) =>
  (await t.context.db.select().from(leads).where(eq(leads.quizId, quizId))).length;

function expectUnavailablePage(answer: Awaited<ReturnType<typeof visitor>>): void {
  expect(answer.statusCode).toBe(503);
  expect(answer.headers['retry-after']).toBe('3600');
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['content-type']).toContain('text/html');
  expect(answer.body).toContain(`<title>${QUIZ_UNAVAILABLE_TITLE}</title>`);
  expect(answer.body).toContain(QUIZ_UNAVAILABLE_TEXT);
}

const refusalOf = (answer: { statusCode: number; json(): unknown }) => [
  answer.statusCode,
  errorBodySchema.parse(answer.json()),
];

describe('a disabled account', () => {
  it('signs its users out at once and refuses their sign-in with the message, only to the right password', async () => {
    const account = await t.signIn();
    const other: SignedInAccount = await t.signIn();
    expect((await account.send(meEndpoint)).statusCode).toBe(200);
    await setDisabled(account.accountId, true);

    expect((await account.send(meEndpoint)).statusCode).toBe(401);
    const [user] = await t.context.db.select().from(users).where(eq(users.accountId, account.accountId));
    expect(
      await t.context.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? '')),
    ).toEqual([]);
    const refused = await login(account.email);
    expect(refusalOf(refused)).toEqual([
      422,
      { error: ACCOUNT_DISABLED_LOGIN_MESSAGE, code: 'invalid_credentials' },
    ]);
    expect(refused.headers['set-cookie']).toBeUndefined();
    // A wrong password learns nothing about the account.
    const wrong = await login(account.email, 'wrong horse');
    expect(errorBodySchema.parse(wrong.json()).error).not.toBe(ACCOUNT_DISABLED_LOGIN_MESSAGE);
    // Other accounts are untouched.
    expect((await other.send(meEndpoint)).statusCode).toBe(200);

    await setDisabled(account.accountId, false);
    const again = await login(account.email);
    expect(again.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/me', headers: { cookie: sessionCookieFrom(again) } })).statusCode,
    ).toBe(200);
  });

  it('refuses a session even before this process hears of the disable (another process disabled it)', async () => {
    const account = await t.signIn();
    await t.context.db
      .update(accounts)
      .set({ disabledAt: new Date() })
      .where(eq(accounts.id, account.accountId));
    expect((await account.send(meEndpoint)).statusCode).toBe(401);
  });

  it('lets a reset or set-password link change the password, but does not sign the user in', async () => {
    const account = await t.signIn();
    await setDisabled(account.accountId, true);
    for (const purpose of ['reset', 'set'] as const) {
      const code = await issuePasswordCode(t.context.db, account.userId, purpose);
      const answer = await put(`/api/${purpose}-password`, {
        userId: account.userId,
        passwordResetCode: code,
        password: `new ${purpose} horse`,
      });
      expect(refusalOf(answer)).toEqual([
        422,
        { error: ACCOUNT_DISABLED_LOGIN_MESSAGE, code: 'invalid_credentials' },
      ]);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    await setDisabled(account.accountId, false);
    expect((await login(account.email, 'new set horse')).statusCode).toBe(200);
  });

  it('shows its published quizzes as unavailable, even once cached, refuses visitors, and comes back when enabled', async () => {
    const { account, quiz, page, snapshotId, answers, leadOf } = await publishedAccount();
    const live = await page();
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain('Find your plan');
    expect((await leadOf('before@example.com')).statusCode).toBe(200);

    await setDisabled(account.accountId, true);
    expectUnavailablePage(await page());
    // A browser holding the cached page and asking with its ETag gets the unavailable page, not a 304.
    const conditional = await t.app.inject({
      url: `/${quiz.publishedId}`,
      headers: { host: PUBLISH_HOST, 'if-none-match': String(live.headers.etag) },
    });
    expectUnavailablePage(conditional);

    const refusal = [403, { error: QUIZ_UNAVAILABLE_VISITOR_TEXT, code: 'unavailable' }];
    expect(refusalOf(await leadOf('during@example.com'))).toEqual(refusal);
    expect(
      refusalOf(
        await visitor('POST', '/_q/events', {
          snapshotId,
          visitId: 'visit-disabled-aaaa',
          events: [{ type: 'visit' }],
        }),
      ),
    ).toEqual(refusal);
    expect(
      refusalOf(
        await visitor('POST', '/_q/complete', { snapshotId, visitId: 'visit-disabled-aaaa', answers }),
      ),
    ).toEqual(refusal);
    expect(await leadCount(quiz.id)).toBe(1);

    // Nothing was deleted: enabling brings every part back as it was.
    await setDisabled(account.accountId, false);
    const back = await page();
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Find your plan');
    expect((await leadOf('after@example.com')).statusCode).toBe(200);
    expect(await leadCount(quiz.id)).toBe(2);
    const [stored] = await t.context.db.select().from(quizzes).where(eq(quizzes.id, quiz.id));
    expect(stored?.isPublished).toBe(true);
  });

  it('refuses a lead in the statement that stores it, before this process hears of the disable', async () => {
    const { account, quiz, leadOf, page } = await publishedAccount();
    expect((await page()).statusCode).toBe(200);
    await t.context.db
      .update(accounts)
      .set({ disabledAt: new Date() })
      .where(eq(accounts.id, account.accountId));
    const lead = await leadOf('racing@example.com');
    expect(lead.statusCode).toBe(403);
    expect(await leadCount(quiz.id)).toBe(0);
  });

  it('answers the unavailable page on its custom domains too (where embeds load the same page)', async () => {
    const account = await t.signIn();
    const host = `quiz-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await t.context.db
      .insert(domains)
      .values({ id: crypto.randomUUID(), accountId: account.accountId, host });
    site.hosts.addDomain(host);
    const { quiz } = await storedScoredQuiz(account.call);
    const published = await account.call(
      'POST',
      `/accounts/${account.accountId}/quizzes/${quiz.id}/publish`,
      {
        ...quiz,
        domain: host,
      },
    );
    expect(published.statusCode, published.body).toBe(200);
    const page = () => visitor('GET', `/${quiz.publishedId}`, undefined, host);
    expect((await page()).statusCode).toBe(200);

    await setDisabled(account.accountId, true);
    expectUnavailablePage(await page());
    await setDisabled(account.accountId, false);
    expect((await page()).statusCode).toBe(200);
  });
});
