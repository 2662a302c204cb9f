import { loginEndpoint, meEndpoint } from '@quizbeam/contracts/auth';
import { removeDomainEndpoint, tlsAskEndpoint } from '@quizbeam/contracts/domains';
import { saveQuizScriptEndpoint } from '@quizbeam/contracts/scripts';
import { sharedQuizEndpoint, sharedQuizPreviewEndpoint } from '@quizbeam/contracts/sharing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountHolder, answerWith, on, receivedCalls, routeFetch, stubFetch } from '../test/fakeServer';
import { ApiError } from './ApiError';
import { getActiveRequestCount } from './activeRequests';
import { call, callInBackground, urlOf } from './apiClient';
import { setSignInAgainHandler } from './reauthentication';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('urlOf', () => {
  it("fills in the path's parameters, URL-encoded", () => {
    expect(urlOf(sharedQuizEndpoint, { params: { shareCode: 'a b/c?d' } })).toBe(
      '/api/shared-quizzes/a%20b%2Fc%3Fd',
    );
    expect(urlOf(saveQuizScriptEndpoint, { params: { quizId: 'q-1', type: 'on-opt-in' } })).toBe(
      '/api/quizzes/q-1/scripts/on-opt-in',
    );
  });

  it('refuses a path whose parameter has no value', () => {
    expect(() => urlOf(sharedQuizEndpoint)).toThrow(':shareCode');
  });

  it('appends the query, leaving out values not given', () => {
    expect(urlOf(tlsAskEndpoint, { query: { domain: 'quiz.example.com' } })).toBe(
      '/internal/tls-ask?domain=quiz.example.com',
    );
    expect(urlOf(tlsAskEndpoint, { query: { domain: 'a&b=c' } })).toBe('/internal/tls-ask?domain=a%26b%3Dc');
    expect(urlOf(tlsAskEndpoint, { query: { domain: undefined } })).toBe('/internal/tls-ask');
    expect(urlOf(tlsAskEndpoint)).toBe('/internal/tls-ask');
  });

  it("puts the API's base URL in front when one is configured", () => {
    vi.stubEnv('VITE_API_BASE_URL', 'https://api.example.com');
    expect(urlOf(meEndpoint)).toBe('https://api.example.com/api/me');
  });
});

describe('call', () => {
  it('sends the body as JSON with the declared method, the session cookie and JSON headers', async () => {
    const fetchMock = stubFetch(200, { code: '<script>x()</script>' });
    const saved = await call(saveQuizScriptEndpoint, {
      params: { quizId: 'quiz 7', type: 'on-start-page' },
      body: { code: '<script>x()</script>' },
    });
    expect(saved).toEqual({ code: '<script>x()</script>' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/quizzes/quiz%207/scripts/on-start-page', {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: '<script>x()</script>' }),
    });
  });

  it('sends no body for a declaration without one, and returns the checked answer', async () => {
    const fetchMock = routeFetch([on(meEndpoint, accountHolder())]);
    const me = await call(meEndpoint);
    expect(me).toEqual(accountHolder());
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/me',
      expect.objectContaining({ method: 'GET', body: undefined }),
    );
  });

  it('reaches the declaration named by its method and filled-in path', async () => {
    const fetchMock = routeFetch([on(removeDomainEndpoint, { ok: true }, { id: 'domain-1' })]);
    await expect(call(removeDomainEndpoint, { params: { id: 'domain-1' } })).resolves.toEqual({ ok: true });
    expect(receivedCalls(fetchMock)).toEqual([{ route: 'DELETE /api/domain/domain-1', body: undefined }]);
  });

  it("raises a non-OK status as an ApiError with the status, the server's code and text, and the body", async () => {
    const body = { error: 'Wrong email or password.', code: 'invalid_credentials' };
    routeFetch([on(loginEndpoint, answerWith(422, body))]);
    const failure = await call(loginEndpoint, {
      body: { email: 'ada@example.com', password: 'nope' },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 422,
      code: 'invalid_credentials',
      message: 'Wrong email or password.',
      body,
    });
  });

  it('raises a non-OK status without an error body too', async () => {
    stubFetch(502, 'Bad gateway');
    const failure = await call(removeDomainEndpoint, { params: { id: 'domain-1' } }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 502,
      code: undefined,
      message: 'Request failed with status 502',
    });
  });

  it('raises an ApiError with status 0 when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(call(meEndpoint)).rejects.toMatchObject({ name: 'ApiError', status: 0 });
  });

  it("raises an error for an answer that does not match the declaration's response", async () => {
    routeFetch([on(meEndpoint, () => ({ status: 200, body: { userId: 'user-1' } }))]);
    const failure = await call(meEndpoint).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain('GET /api/me');
  });

  it('refuses to call a declaration that answers a page instead of JSON', async () => {
    stubFetch(200, '<html></html>');
    await expect(call(sharedQuizPreviewEndpoint, { params: { shareCode: 'abc' } })).rejects.toThrow(
      'answers a page',
    );
  });
});

describe('call when the session has ended', () => {
  const signedOutAnswer = answerWith(401, { error: 'Please sign in.', code: 'unauthenticated' });

  it('waits for the user to sign in again, then repeats a signed-in call once', async () => {
    let sessionEnded = true;
    const fetchMock = routeFetch([
      on(meEndpoint, () => (sessionEnded ? signedOutAnswer : { status: 200, body: accountHolder() })),
    ]);
    const handler = vi.fn(async () => {
      sessionEnded = false;
    });
    const remove = setSignInAgainHandler(handler);
    try {
      const [first, second] = await Promise.all([call(meEndpoint), call(meEndpoint)]);
      expect(first.email).toBe(second.email);
      expect(handler).toHaveBeenCalledTimes(1);
      expect(receivedCalls(fetchMock)).toHaveLength(4);
    } finally {
      remove();
    }
  });

  it('fails with the 401 when the user gives up, or when no dialog can ask', async () => {
    routeFetch([on(meEndpoint, signedOutAnswer)]);
    await expect(call(meEndpoint)).rejects.toMatchObject({ status: 401 });
    const remove = setSignInAgainHandler(async () => {
      throw new Error('cancelled');
    });
    try {
      await expect(call(meEndpoint)).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    } finally {
      remove();
    }
  });

  it('never asks for a public call (a wrong password is not an ended session)', async () => {
    routeFetch([on(loginEndpoint, signedOutAnswer)]);
    const handler = vi.fn(async () => {});
    const remove = setSignInAgainHandler(handler);
    try {
      await expect(call(loginEndpoint, { body: { email: 'a@b.co', password: 'x' } })).rejects.toBeInstanceOf(
        ApiError,
      );
      expect(handler).not.toHaveBeenCalled();
    } finally {
      remove();
    }
  });
});

describe('callInBackground', () => {
  it('keeps the loading overlay off and never asks to sign in again', async () => {
    routeFetch([on(meEndpoint, answerWith(401, { error: 'Please sign in.', code: 'unauthenticated' }))]);
    const handler = vi.fn(async () => {});
    const remove = setSignInAgainHandler(handler);
    try {
      const pending = callInBackground(meEndpoint);
      expect(getActiveRequestCount()).toBe(0);
      await expect(pending).rejects.toMatchObject({ status: 401 });
      expect(handler).not.toHaveBeenCalled();
    } finally {
      remove();
    }
  });
});
