import type { Me } from '@quizbeam/contracts/auth';
import { vi } from 'vitest';

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

/** Answers keyed by "METHOD path"; a function answer sees the sent body. */
export type FakeRoutes = Record<string, FakeAnswer | ((body: unknown) => FakeAnswer)>;

export const notFound: FakeAnswer = { status: 404, body: { error: 'Not found.', code: 'not_found' } };

/** Replaces fetch with a small server answering the given routes, and 404 for anything else. */
export function routeFetch(routes: FakeRoutes) {
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    const route = routes[`${init?.method ?? 'GET'} ${path}`];
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const answer = typeof route === 'function' ? route(body) : (route ?? notFound);
    return jsonResponse(answer.status, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls the fake server received, as "METHOD path" with the parsed body. */
export function receivedCalls(fetchMock: ReturnType<typeof routeFetch>) {
  return fetchMock.mock.calls.map(([path, init]) => ({
    route: `${init?.method ?? 'GET'} ${path}`,
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  }));
}
