import type { LeadCaptureSettings, Quiz } from '@quizbeam/contracts/quiz';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { createAccount } from '../support';
import type { Cluster } from './cluster';
import { type HttpAnswer, sendHttp, type Target } from './httpClient';

/** The builder's host on a given port (a server's own, or the balancer's). */
export const appOn = (port: number): Target => ({ port, host: `localhost:${port}` });
/** The publish host on a given port. */
export const publishOn = (port: number): Target => ({ port, host: `127.0.0.1:${port}` });
export const portOf = (url: string) => Number(new URL(url).port);

/** A signed-in account holder, calling the API on whichever process or balancer a step names. */
export interface QuizOwner {
  accountId: string;
  call(target: Target, method: string, path: string, body?: unknown): Promise<HttpAnswer>;
  /** A new quiz: one question with one answer leading to one outcome, lead capture as given. */
  newQuiz(target: Target, capture?: Partial<LeadCaptureSettings>): Promise<Quiz>;
  /** Publish (or Republish) through `target`; the stored quiz, with its new revision. */
  publish(target: Target, quiz: Quiz): Promise<Quiz>;
  unpublish(target: Target, quiz: Quiz): Promise<Quiz>;
}

async function expectOk(answer: HttpAnswer, what: string): Promise<HttpAnswer> {
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`${what}: ${answer.status} ${answer.body.slice(0, 500)}`);
  }
  return answer;
}

/** Creates an account as an operator does (`npm run cli -- account:create` on the database) and signs in. */
export async function signUpQuizOwner(cluster: Cluster, target: Target): Promise<QuizOwner> {
  const password = 'scale-out-secret';
  const { email } = await createAccount(cluster.dataDir, { password }, cluster.databaseUrl);
  const origin = cluster.appUrl;
  const login = await expectOk(
    await sendHttp(target, 'POST', '/api/login', {
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
    'sign-in',
  );
  const setCookie = login.headers['set-cookie']?.[0] ?? '';
  const cookie = setCookie.split(';')[0] ?? '';
  const call: QuizOwner['call'] = (to, method, path, body) =>
    sendHttp(to, method, path, {
      headers: { origin, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const me = JSON.parse((await expectOk(await call(target, 'GET', '/api/me'), 'me')).body) as {
    account: { id: string };
  };
  const accountId = me.account.id;
  const quizCall = async (to: Target, action: 'publish' | 'unpublish', quiz: Quiz) =>
    JSON.parse(
      (
        await expectOk(
          await call(to, 'POST', `/accounts/${accountId}/quizzes/${quiz.id}/${action}`, quiz),
          action,
        )
      ).body,
    ) as Quiz;

  return {
    accountId,
    call,
    async newQuiz(to, capture = {}) {
      const created = await expectOk(
        await call(to, 'POST', '/api/quizzes', { name: 'Scale-out quiz', type: 'general' }),
        'create a quiz',
      );
      const { quizId } = JSON.parse(created.body) as { quizId: string };
      const stored = JSON.parse((await call(to, 'GET', `/api/quizzes/${quizId}`)).body) as Quiz;
      const { quiz } = buildQuiz({
        type: 'general',
        questions: [{ text: 'Which walk do you like?', answers: [{ text: 'A long one', outcome: 0 }] }],
        outcomes: ['Beagle'],
      });
      return {
        ...quiz,
        id: stored.id,
        name: stored.name,
        revision: stored.revision,
        publishedId: stored.publishedId,
        title: 'Which dog are you?',
        startPage: { enabled: false },
        leadCaptureSettings: { ...quiz.leadCaptureSettings, ...capture },
      };
    },
    publish: (to, quiz) => quizCall(to, 'publish', quiz),
    unpublish: (to, quiz) => quizCall(to, 'unpublish', quiz),
  };
}
