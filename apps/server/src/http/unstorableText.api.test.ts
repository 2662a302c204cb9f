import { type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import { leads } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSnapshotIdOf, PUBLISH_HOST, PUBLISH_ORIGIN, storedScoredQuiz } from '../testing/publishing';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../testing/testApp';

/*
 * PostgreSQL refuses NUL in text and JSON, and unpaired surrogates in JSON. Any such string from outside is
 * refused with a 400 where it arrives, on every call: it never reaches the database to become a 500.
 */

let t: TestApp;
let owner: SignedInAccount;
let quiz: Quiz;
let snapshotId = '';
beforeAll(async () => {
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN });
  owner = await t.signIn();
  ({ quiz } = await storedScoredQuiz(owner.call));
  const withCapture = { ...quiz, leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true } };
  quiz = quizSchema.parse(
    (await owner.call('POST', `/accounts/${owner.accountId}/quizzes/${quiz.id}/publish`, withCapture)).json(),
  );
  snapshotId = await liveSnapshotIdOf(t, quiz.id);
});
afterAll(async () => {
  await t.close();
});

const BAD_TEXTS = ['a\u0000b', 'a\ud800b', '\udc00', 'ok\ud83d'];
/** In an address: NUL, and bytes that are not UTF-8 (a surrogate's encoding, a stray byte). */
const BAD_IN_URLS = ['a%00b', 'a%ED%A0%80b', '%FF'];

type Call = (bad: string) => Promise<{ statusCode: number; json(): { code?: string } }>;

const answers = () => [
  { questionId: quiz.questions[0]?.id, answerId: quiz.questions[0]?.answers[1]?.id },
  { questionId: quiz.questions[1]?.id, answerId: quiz.questions[1]?.answers[1]?.id },
  { questionId: quiz.questions[2]?.id, answerId: quiz.questions[2]?.answers[1]?.id },
];

const visitor = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { host: PUBLISH_HOST }, payload });
const publicCall = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { origin: APP_ORIGIN }, payload });

const calls: Record<string, Call> = {
  'login email': (bad) => publicCall('POST', '/api/login', { email: bad, password: 'x' }),
  'login password': (bad) => publicCall('POST', '/api/login', { email: 'a@example.com', password: bad }),
  'reset email': (bad) => publicCall('POST', '/api/password-reset-email', { email: bad }),
  'reset password': (bad) =>
    publicCall('PUT', '/api/reset-password', { password: bad, passwordResetCode: 'x', userId: 'y' }),
  'new quiz name': (bad) => owner.call('POST', '/api/quizzes', { name: bad, type: 'general' }),
  'quiz name': (bad) => owner.call('PUT', `/api/quizzes/${quiz.id}`, { ...quiz, name: bad }),
  'question text': (bad) =>
    owner.call('PUT', `/api/quizzes/${quiz.id}`, {
      ...quiz,
      questions: quiz.questions.map((question, index) =>
        index === 0 ? { ...question, text: bad } : question,
      ),
    }),
  'an object key': (bad) => owner.call('PUT', `/api/quizzes/${quiz.id}`, { ...quiz, [bad]: 1 }),
  'publish title': (bad) =>
    owner.call('POST', `/accounts/${owner.accountId}/quizzes/${quiz.id}/publish`, { ...quiz, title: bad }),
  'import name': (bad) =>
    owner.call('POST', `/accounts/${owner.accountId}/shared/import`, { name: bad, shareCode: 'abc' }),
  'quiz script': (bad) => owner.call('PUT', `/api/quizzes/${quiz.id}/scripts/on-start-page`, { code: bad }),
  'account script': (bad) =>
    owner.call('PUT', `/accounts/${owner.accountId}/scripts/on-opt-in`, { code: bad }),
  'domain host': (bad) => owner.call('POST', '/api/domain', { host: bad }),
  'image file name': (bad) =>
    owner.call('POST', `/accounts/${owner.accountId}/image/create`, { filename: `${bad}.png` }),
  'lead name': (bad) =>
    visitor('/_q/leads', {
      snapshotId,
      visitId: 'visit-nul-aaaaaaaaaaaaa',
      answers: answers(),
      email: 'ada@example.com',
      name: bad,
      consent: true,
      pageUrl: `${PUBLISH_ORIGIN}/${quiz.publishedId}`,
    }),
  'lead email': (bad) =>
    visitor('/_q/leads', {
      snapshotId,
      visitId: 'visit-nul-bbbbbbbbbbbbb',
      answers: answers(),
      email: `${bad}@example.com`,
      name: null,
      consent: true,
      pageUrl: `${PUBLISH_ORIGIN}/${quiz.publishedId}`,
    }),
  'preview data': (bad) =>
    t.app.inject({
      method: 'POST',
      url: `/accounts/${owner.accountId}/quizzes/preview`,
      headers: {
        cookie: owner.cookie,
        origin: APP_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ data: JSON.stringify({ ...quiz, title: bad }), [bad]: 'x' }).toString(),
    }),
};

const urlCalls: Record<string, Call> = {
  'shared quiz code in the path': (bad) => owner.call('GET', `/api/shared-quizzes/${bad}`),
  'quiz id in the path': (bad) => owner.call('GET', `/api/quizzes/${bad}`),
  'script type in the path': (bad) => owner.call('GET', `/api/quizzes/${quiz.id}/scripts/${bad}`),
  'tls-ask domain': (bad) =>
    t.app.inject({ url: `/internal/tls-ask?domain=${bad}`, headers: { host: '127.0.0.1' } }),
  'query of a published page': (bad) =>
    t.app.inject({ url: `/${quiz.publishedId}?utm_source=${bad}`, headers: { host: PUBLISH_HOST } }),
};

describe('text the database cannot store', () => {
  it.each(Object.keys(calls))('is refused with a 400 in the %s', async (name) => {
    const call = calls[name];
    if (!call) throw new Error(name);
    for (const bad of BAD_TEXTS) {
      const response = await call(bad);
      expect([JSON.stringify(bad), response.statusCode]).toEqual([JSON.stringify(bad), 400]);
      expect(response.json().code).toBe('validation_failed');
    }
  });

  it.each(Object.keys(urlCalls))('in the %s never causes a 500', async (name) => {
    const call = urlCalls[name];
    if (!call) throw new Error(name);
    for (const bad of BAD_IN_URLS) {
      const response = await call(bad);
      // Refused (400), unknown (404), or harmless where nothing is stored (a page's own query).
      expect([bad, response.statusCode < 500]).toEqual([bad, true]);
    }
  });

  it('is taken out of the UTM parameters a visitor’s address carries, and the lead is stored', async () => {
    const response = await visitor('/_q/leads', {
      snapshotId,
      visitId: 'visit-utm-aaaaaaaaaaaaa',
      answers: answers(),
      email: 'ada@example.com',
      name: 'Ada',
      consent: true,
      pageUrl: `${PUBLISH_ORIGIN}/${quiz.publishedId}?utm_source=a%00b&utm_medium=x%ED%A0%80y&utm_campaign=spring`,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(leads)
      .where(eq(leads.visitId, 'visit-utm-aaaaaaaaaaaaa'));
    expect(row?.urlFields).toEqual({
      utm_source: 'ab',
      utm_medium: 'x\ufffd\ufffd\ufffdy',
      utm_campaign: 'spring',
    });
  });

  it('keeps ids within the database’s integer range', async () => {
    const tooBig = 2 ** 31;
    const saved = await owner.call('PUT', `/api/quizzes/${quiz.id}`, {
      ...quiz,
      nextId: tooBig + 10,
      outcomes: quiz.outcomes.map((outcome, index) => (index === 0 ? { ...outcome, id: tooBig } : outcome)),
    });
    expect(saved.statusCode).toBe(400);
    const events = await visitor('/_q/events', {
      snapshotId,
      visitId: 'visit-big-aaaaaaaaaaaaa',
      events: [{ type: 'answer', questionId: tooBig, answerId: 1 }],
    });
    expect(events.statusCode).toBe(400);
  });
});
