import { addDomainEndpoint } from '@quizbeam/contracts/domains';
import { publishQuizEndpoint } from '@quizbeam/contracts/publishing';
import type { Quiz } from '@quizbeam/contracts/quiz';
import {
  changeQuizAddressEndpoint,
  QUIZ_PATH_FORMAT_MESSAGE,
  QUIZ_PATH_RESERVED_MESSAGE,
  QUIZ_PATH_TAKEN_MESSAGE,
  quizAddressAvailabilityEndpoint,
} from '@quizbeam/contracts/quizAddress';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { liveQuizzes } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../../testing/dnsServer';
import { PUBLISH_HOST, PUBLISH_ORIGIN, storedScoredQuiz, visitorOf } from '../../testing/publishing';
import {
  APP_ORIGIN,
  endpointCaller,
  type SignedInAccount,
  startTestApp,
  type TestApp,
} from '../../testing/testApp';
import { refuseTakenLiveAddress } from './quizPathClaims';

let t: TestApp;
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startTestDnsServer({ '*.example.com': { cname: 'quizzes.test.' } });
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN, DNS_SERVERS: dns.address });
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const visit = (path: string, host = PUBLISH_HOST) => visitorOf(t)('GET', path, undefined, host);

const setAddress = (account: SignedInAccount, quizId: string, path: string) =>
  account.send(changeQuizAddressEndpoint, { params: { id: quizId }, body: { path } });

const availability = (account: SignedInAccount, quizId: string, path: string) =>
  account.send(quizAddressAvailabilityEndpoint, { params: { id: quizId }, query: { path } });

const storedQuiz = async (account: SignedInAccount, quizId: string) =>
  (await account.send(getQuizEndpoint, { params: { id: quizId } })).data();

async function publish(account: SignedInAccount, quiz: Quiz) {
  return account.send(publishQuizEndpoint, {
    params: { account: account.accountId, id: quiz.id },
    body: quiz,
  });
}

/** A signed-in account with a complete quiz, its chosen domain (null: our host) saved. */
async function accountWithQuiz(domain: string | null = null) {
  const account = await t.signIn();
  if (domain) (await account.send(addDomainEndpoint, { body: { host: domain } })).data();
  const { quiz } = await storedScoredQuiz(account.call);
  if (!domain) return { account, quiz };
  const saved = await account.send(saveQuizEndpoint, { params: { id: quiz.id }, body: { ...quiz, domain } });
  return { account, quiz: saved.data() };
}

describe("a quiz's chosen address", () => {
  it('sets the path of a quiz not live yet without touching its content or revision, and Publish puts it there', async () => {
    const { account, quiz } = await accountWithQuiz();
    const answer = await setAddress(account, quiz.id, '  /Team-Quiz ');
    expect(answer.data()).toEqual({
      publishedId: 'team-quiz',
      url: `${PUBLISH_ORIGIN}/team-quiz`,
      isPublished: false,
    });
    const stored = await storedQuiz(account, quiz.id);
    expect(stored).toEqual({ ...quiz, publishedId: 'team-quiz' });
    expect((await availability(account, quiz.id, 'team-quiz')).data()).toEqual({
      path: 'team-quiz',
      available: true,
    });

    // The editor still holds the quiz as it loaded it: its next save goes through and keeps the new path.
    const saved = await account.send(saveQuizEndpoint, {
      params: { id: quiz.id },
      body: { ...quiz, title: 'Team size check' },
    });
    expect(saved.data()).toMatchObject({ publishedId: 'team-quiz', revision: quiz.revision + 1 });

    const published = (await publish(account, saved.data())).data();
    expect(published.publishedId).toBe('team-quiz');
    const page = await visit('/team-quiz');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Team size check');
    expect((await visit(`/${quiz.publishedId}`)).statusCode).toBe(404);
  });

  it("refuses a path another account's quiz has on our host, and takes it on another domain", async () => {
    const first = await accountWithQuiz();
    expect((await setAddress(first.account, first.quiz.id, 'coffee-finder')).statusCode).toBe(200);

    const second = await accountWithQuiz();
    expect((await availability(second.account, second.quiz.id, 'coffee-finder')).data()).toEqual({
      path: 'coffee-finder',
      available: false,
    });
    const taken = await setAddress(second.account, second.quiz.id, 'Coffee-Finder');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: QUIZ_PATH_TAKEN_MESSAGE, code: 'conflict' });
    expect((await storedQuiz(second.account, second.quiz.id)).publishedId).toBe(second.quiz.publishedId);

    // Live, it holds the path too.
    (await publish(first.account, await storedQuiz(first.account, first.quiz.id))).data();
    expect((await setAddress(second.account, second.quiz.id, 'coffee-finder')).statusCode).toBe(409);

    const onDomain = await accountWithQuiz('beans.example.com');
    expect((await availability(onDomain.account, onDomain.quiz.id, 'coffee-finder')).data().available).toBe(
      true,
    );
    expect((await setAddress(onDomain.account, onDomain.quiz.id, 'coffee-finder')).data()).toEqual({
      publishedId: 'coffee-finder',
      url: 'https://beans.example.com/coffee-finder',
      isPublished: false,
    });
    (await publish(onDomain.account, await storedQuiz(onDomain.account, onDomain.quiz.id))).data();
    expect((await visit('/coffee-finder', 'beans.example.com')).statusCode).toBe(200);
    expect((await visit('/coffee-finder')).statusCode).toBe(200);
  });

  it('refuses reserved and malformed paths with a clear message', async () => {
    const { account, quiz } = await accountWithQuiz();
    for (const [path, message] of [
      ['admin', QUIZ_PATH_RESERVED_MESSAGE],
      ['/API', QUIZ_PATH_RESERVED_MESSAGE],
      ['healthz', QUIZ_PATH_RESERVED_MESSAGE],
      ['robots.txt', QUIZ_PATH_RESERVED_MESSAGE],
      ['ab', QUIZ_PATH_FORMAT_MESSAGE],
      ['coffee finder', QUIZ_PATH_FORMAT_MESSAGE],
      ['-coffee', QUIZ_PATH_FORMAT_MESSAGE],
      ['x'.repeat(61), QUIZ_PATH_FORMAT_MESSAGE],
      ['x'.repeat(5_000), QUIZ_PATH_FORMAT_MESSAGE],
    ] as const) {
      const refused = await setAddress(account, quiz.id, path);
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json()).toEqual({
        error: `Invalid request. body/path: ${message}`,
        code: 'validation_failed',
      });
      const asked = await availability(account, quiz.id, path);
      expect(asked.statusCode, path).toBe(400);
    }
    expect((await setAddress(account, quiz.id, 'ok\u0000path')).statusCode).toBe(400);
    expect((await storedQuiz(account, quiz.id)).publishedId).toBe(quiz.publishedId);
  });

  it('moves a live quiz at once; its old address redirects, and the editor saves and republishes as before', async () => {
    const { account, quiz } = await accountWithQuiz();
    (await setAddress(account, quiz.id, 'latte-finder')).data();
    const live = (await publish(account, await storedQuiz(account, quiz.id))).data();
    expect((await visit('/latte-finder')).statusCode).toBe(200);
    // A miss at the new path is remembered until the move drops it.
    expect((await visit('/latte-quiz')).statusCode).toBe(404);

    expect((await setAddress(account, quiz.id, 'latte-quiz')).data()).toEqual({
      publishedId: 'latte-quiz',
      url: `${PUBLISH_ORIGIN}/latte-quiz`,
      isPublished: true,
    });
    const moved = await visit('/latte-quiz');
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toContain('Find your plan');
    expect(moved.body).toContain(`${PUBLISH_ORIGIN}/latte-quiz`);
    const old = await visit('/latte-finder?utm_source=flyer');
    expect([301, 302, 308]).toContain(old.statusCode);
    expect(old.headers.location).toBe(`${PUBLISH_ORIGIN}/latte-quiz?utm_source=flyer`);
    const [row] = await t.database.db.select().from(liveQuizzes).where(eq(liveQuizzes.quizId, quiz.id));
    expect(row?.slug).toBe('latte-quiz');

    // Same path again: nothing to do.
    expect((await setAddress(account, quiz.id, 'latte-quiz')).data().publishedId).toBe('latte-quiz');

    const saved = (
      await account.send(saveQuizEndpoint, {
        params: { id: quiz.id },
        body: { ...live, title: 'Pick a roast' },
      })
    ).data();
    expect(saved.publishedId).toBe('latte-quiz');
    const republished = (await publish(account, saved)).data();
    expect(republished.publishedId).toBe('latte-quiz');
    expect((await visit('/latte-quiz')).body).toContain('Pick a roast');
    expect((await visit('/latte-finder')).headers.location).toBe(`${PUBLISH_ORIGIN}/latte-quiz`);

    // And back: the first address serves the quiz again, the second redirects to it.
    (await setAddress(account, quiz.id, 'latte-finder')).data();
    expect((await visit('/latte-finder')).statusCode).toBe(200);
    expect((await visit('/latte-quiz')).headers.location).toBe(`${PUBLISH_ORIGIN}/latte-finder`);
  });

  it('refuses to publish on a host where its path is taken, and saves nothing then', async () => {
    const holder = await accountWithQuiz();
    (await setAddress(holder.account, holder.quiz.id, 'spring-sale')).data();
    (await publish(holder.account, await storedQuiz(holder.account, holder.quiz.id))).data();

    // Free on the domain it was chosen for; then the marketer picks our host instead and publishes.
    const mover = await accountWithQuiz('spring.example.com');
    (await setAddress(mover.account, mover.quiz.id, 'spring-sale')).data();
    const before = await storedQuiz(mover.account, mover.quiz.id);
    const refused = await publish(mover.account, { ...before, domain: null, title: 'Changed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: QUIZ_PATH_TAKEN_MESSAGE, code: 'conflict' });
    expect(await storedQuiz(mover.account, mover.quiz.id)).toEqual(before);
    expect((await visit('/spring-sale')).body).toContain('Find your plan');

    // On the domain it goes through.
    expect((await publish(mover.account, before)).statusCode).toBe(200);
    expect((await visit('/spring-sale', 'spring.example.com')).statusCode).toBe(200);
  });

  it('gives a path to one of two quizzes asking for it at once', async () => {
    const first = await accountWithQuiz();
    const second = await accountWithQuiz();
    const answers = await Promise.all([
      setAddress(first.account, first.quiz.id, 'same-time'),
      setAddress(second.account, second.quiz.id, 'same-time'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('reads a race lost at the live address index as the same 409, and any other failure as itself', async () => {
    const { account, quiz } = await accountWithQuiz();
    (await setAddress(account, quiz.id, 'index-race')).data();
    (await publish(account, await storedQuiz(account, quiz.id))).data();
    const [live] = await t.database.db.select().from(liveQuizzes).where(eq(liveQuizzes.quizId, quiz.id));
    const other = await accountWithQuiz();
    const lostRace = await t.database.db
      .insert(liveQuizzes)
      .values({
        quizId: other.quiz.id,
        snapshotId: live?.snapshotId ?? '',
        host: PUBLISH_HOST,
        slug: 'index-race',
      })
      .catch((error: unknown) => error);
    expect(() => refuseTakenLiveAddress(lostRace)).toThrow(
      expect.objectContaining({ code: 'conflict', message: QUIZ_PATH_TAKEN_MESSAGE }),
    );
    const unrelated = new Error('connection lost');
    expect(() => refuseTakenLiveAddress(unrelated)).toThrow(unrelated);
  });

  it("answers 404 for another account's quiz and 401 when signed out", async () => {
    const owner = await accountWithQuiz();
    const stranger = await t.signIn();
    expect((await setAddress(stranger, owner.quiz.id, 'not-mine')).statusCode).toBe(404);
    expect((await availability(stranger, owner.quiz.id, 'not-mine')).statusCode).toBe(404);
    expect((await setAddress(stranger, 'not-a-uuid', 'not-mine')).statusCode).toBe(404);
    expect((await storedQuiz(owner.account, owner.quiz.id)).publishedId).toBe(owner.quiz.publishedId);

    const signedOut = endpointCaller(t.app, { origin: APP_ORIGIN });
    const input = { params: { id: owner.quiz.id }, body: { path: 'not-mine' } };
    expect((await signedOut(changeQuizAddressEndpoint, input)).statusCode).toBe(401);
    expect(
      (
        await signedOut(quizAddressAvailabilityEndpoint, {
          params: { id: owner.quiz.id },
          query: { path: 'not-mine' },
        })
      ).statusCode,
    ).toBe(401);
  });
});
