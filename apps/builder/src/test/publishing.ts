import { meEndpoint } from '@quizbeam/contracts/auth';
import { listDomainsEndpoint } from '@quizbeam/contracts/domains';
import { publishQuizEndpoint, unpublishQuizEndpoint } from '@quizbeam/contracts/publishing';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import {
  accountHolder,
  type FakeAnswer,
  type FakeRequest,
  type FakeRoute,
  on,
  routeFetch,
} from './fakeServer';

/** The fallback client config's publish URL, which tests run with. */
export const PUBLISH_URL = 'http://127.0.0.1:3000';
export const PUBLISH_HOST = '127.0.0.1:3000';
/** Quiz 7 of account-1, as the publish and unpublish paths name it. */
const QUIZ_7 = { account: 'account-1', id: '7' };
/** The publish and unpublish calls of quiz 7, as `receivedCalls` shows them. */
export const PUBLISH_CALL = 'POST /accounts/account-1/quizzes/7/publish';
export const UNPUBLISH_CALL = 'POST /accounts/account-1/quizzes/7/unpublish';

/** A general quiz with one question whose one answer links the one outcome: publishable. */
export function publishableQuiz(overrides: Partial<Quiz> = {}): Quiz {
  const { quiz } = buildQuiz({
    type: 'general',
    outcomes: ['Labrador'],
    questions: [{ answers: [{ outcome: 0 }] }],
  });
  return { ...quiz, id: '7', name: 'Dogs', ...overrides };
}

export function publishedQuiz(overrides: Partial<Quiz> = {}): Quiz {
  return publishableQuiz({
    publishedId: 'abc12345',
    publishedHost: PUBLISH_HOST,
    isPublished: true,
    ...overrides,
  });
}

export const accountDomains = [
  { id: 'domain-1', host: 'quiz.example.com', displayHost: 'quiz.example.com' },
  { id: 'domain-2', host: 'go.example.org', displayHost: 'go.example.org' },
];

/** The server publishing whatever it is sent, the way the real one answers. */
export const publishAnything = ({ body }: FakeRequest): FakeAnswer => ({
  status: 200,
  body: { ...(body as Quiz), publishedId: 'abc12345', publishedHost: PUBLISH_HOST, isPublished: true },
});

/** How the server answers publishing quiz 7. */
export const onPublish = (answer: Parameters<typeof on<typeof publishQuizEndpoint>>[1]) =>
  on(publishQuizEndpoint, answer, QUIZ_7);

/** How the server answers unpublishing quiz 7. */
export const onUnpublish = (answer: Parameters<typeof on<typeof unpublishQuizEndpoint>>[1]) =>
  on(unpublishQuizEndpoint, answer, QUIZ_7);

/** Quiz 7 and the account's domains; `routes` come first, so they answer before these. */
export function servePublishing(quiz: Quiz, routes: FakeRoute[] = []) {
  return routeFetch([
    ...routes,
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, quiz, { id: '7' }),
    on(listDomainsEndpoint, accountDomains),
    on(saveQuizEndpoint, ({ body }) => ({ status: 200, body }), { id: '7' }),
  ]);
}
