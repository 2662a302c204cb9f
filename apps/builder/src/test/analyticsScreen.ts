import type { Me } from '@quizbeam/contracts/auth';
import { meEndpoint } from '@quizbeam/contracts/auth';
import { listDeliveryAlertsEndpoint } from '@quizbeam/contracts/leads';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { vi } from 'vitest';
import { accountHolder, type FakeRoute, on, routeFetch } from './fakeServer';
import { sampleQuiz } from './quizzes';
import { renderApp } from './renderApp';

export const QUIZ_ID = 'quiz-7';
export const ANALYTICS_PATH = `/accounts/account-1/quizzes/${QUIZ_ID}/analytics`;

/** Today as the tests see it (UTC): 2026-11-24. Only Date is faked, so the fake server's promises still run. */
export function freezeToday() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
}

/** The editor on quiz 7's Analytics tab, with the server answering the given calls. */
export function openAnalytics(routes: FakeRoute[], options: { me?: Me; quiz?: Partial<Quiz> } = {}) {
  const fetchMock = routeFetch([
    on(meEndpoint, options.me ?? accountHolder()),
    on(getQuizEndpoint, sampleQuiz({ id: QUIZ_ID, ...options.quiz })),
    on(listDeliveryAlertsEndpoint, []),
    ...routes,
  ]);
  renderApp(`/quizzes/${QUIZ_ID}/analytics`);
  return fetchMock;
}

/** The query of each analytics call the page made, in order, as plain objects. */
export function analyticsQueries(fetchMock: ReturnType<typeof routeFetch>) {
  return fetchMock.mock.calls
    .map(([url]) => new URL(url, 'http://builder.test'))
    .filter((url) => url.pathname === ANALYTICS_PATH)
    .map((url) => Object.fromEntries(url.searchParams));
}
