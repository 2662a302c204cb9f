import type { Me } from '@quizbeam/contracts/auth';
import type { Endpoint, ResponseOf } from '@quizbeam/contracts/endpoint';
import { NO_BROWSER_TRACKING } from '@quizbeam/contracts/measurement';
import { themesEndpoint } from '@quizbeam/contracts/themes';
import { getTrackingDefaultsEndpoint } from '@quizbeam/contracts/trackingDefaults';
import { vi } from 'vitest';
import { standardThemes } from './themes';

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function accountHolder(overrides: Partial<Me['account']['permissions']> = {}, isAdmin = false): Me {
  return {
    userId: 'user-1',
    email: 'ada@example.com',
    isAdmin,
    account: {
      id: 'account-1',
      name: 'ada lovelace',
      permissions: {
        isLimited: false,
        commercialFeatures: false,
        extraTemplates: false,
        proVersion: false,
        ...overrides,
      },
    },
  };
}

/** Replaces fetch with one answering every call with the given status and body. */
export function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => jsonResponse(status, body));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const signedOut = { error: 'Please sign in.', code: 'unauthenticated' };

export interface FakeAnswer {
  status: number;
  body: unknown;
}

/** What the fake server saw of a call. */
export interface FakeRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
}

/** One answer of the fake server: a declaration, optionally only for some path values, and what it answers. */
export interface FakeRoute {
  declaration: Endpoint;
  params: Record<string, string>;
  answer: (request: FakeRequest) => FakeAnswer;
}

/**
 * How the fake server answers a declaration's calls (only those whose path values match `params`, when
 * given): a 200 with `body` (typed by the declaration's response), or any answer from a function.
 */
export function on<E extends Endpoint>(
  declaration: E,
  answer: ResponseOf<E> | ((request: FakeRequest) => FakeAnswer) | ExplicitAnswer,
  params: Record<string, string> = {},
): FakeRoute {
  const answerOf =
    typeof answer === 'function'
      ? (answer as (request: FakeRequest) => FakeAnswer)
      : () => (isFakeAnswer(answer) ? answer : { status: 200, body: answer });
  return { declaration, params, answer: answerOf };
}

const FAKE = Symbol('fake answer');
type ExplicitAnswer = FakeAnswer & { [FAKE]: true };

/** An explicit `{ status, body }` (an error answer, say); anything else given to `on` is a 200 body. */
export const answerWith = (status: number, body: unknown): ExplicitAnswer => ({ status, body, [FAKE]: true });
const isFakeAnswer = (value: unknown): value is ExplicitAnswer =>
  typeof value === 'object' && value !== null && FAKE in value;

export const notFound = answerWith(404, { error: 'Not found.', code: 'not_found' });

function matchPath(declaration: Endpoint, method: string, pathname: string): Record<string, string> | null {
  if (declaration.method !== method) return null;
  const names: string[] = [];
  const pattern = declaration.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(pathname);
  if (!match) return null;
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]));
}

/**
 * What every screen may load without the test caring (the theme list behind the editor's Configure tab, the
 * account's tracking defaults behind the Scripts page and the Tracking tab): answered after the test's own
 * routes, so a test that registers the call decides its answer.
 */
const backgroundRoutes: FakeRoute[] = [
  on(themesEndpoint, () => ({ status: 200, body: standardThemes() })),
  on(getTrackingDefaultsEndpoint, () => ({ status: 200, body: NO_BROWSER_TRACKING })),
];

/**
 * Replaces fetch with a small server answering the declared routes, first match first, then the background
 * routes, and 404 for anything else.
 */
export function routeFetch(routes: FakeRoute[]) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const { pathname, searchParams } = new URL(url, 'http://builder.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    for (const route of [...routes, ...backgroundRoutes]) {
      const params = matchPath(route.declaration, method, pathname);
      if (!params || Object.entries(route.params).some(([name, value]) => params[name] !== value)) continue;
      const answer = route.answer({ params, query: searchParams, body });
      return jsonResponse(answer.status, answer.body);
    }
    return jsonResponse(notFound.status, notFound.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls the fake server received, as "METHOD path" with the parsed body. */
export function receivedCalls(fetchMock: ReturnType<typeof routeFetch>) {
  return fetchMock.mock.calls.map(([url, init]) => ({
    route: `${init?.method ?? 'GET'} ${url}`,
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  }));
}
