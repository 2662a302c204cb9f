import type { Quiz } from '@quizbeam/contracts/quiz';
import { buildQuiz } from '@quizbeam/quiz-engine/testFixtures';
import { accountHolder, type FakeRoutes, routeFetch } from '../../test/fakeServer';

/** The fallback client config's publish URL, which tests run with. */
export const PUBLISH_URL = 'http://127.0.0.1:3000';
export const PUBLISH_HOST = '127.0.0.1:3000';
export const PUBLISH_PATH = 'POST /accounts/account-1/quizzes/7/publish';
export const UNPUBLISH_PATH = 'POST /accounts/account-1/quizzes/7/unpublish';

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
  { id: 'domain-1', host: 'quiz.example.com' },
  { id: 'domain-2', host: 'go.example.org' },
];

/** The server publishing whatever it is sent, the way the real one answers. */
export const publishAnything = (body: unknown) => ({
  status: 200,
  body: { ...(body as Quiz), publishedId: 'abc12345', publishedHost: PUBLISH_HOST, isPublished: true },
});

export function servePublishing(quiz: Quiz, routes: FakeRoutes = {}) {
  return routeFetch({
    'GET /api/me': { status: 200, body: accountHolder() },
    'GET /api/quizzes/7': { status: 200, body: quiz },
    'GET /api/domain': { status: 200, body: accountDomains },
    'PUT /api/quizzes/7': (body) => ({ status: 200, body }),
    ...routes,
  });
}
