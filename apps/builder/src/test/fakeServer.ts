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
