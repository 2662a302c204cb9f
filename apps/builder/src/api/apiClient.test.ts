import { meEndpoint } from '@quizbeam/contracts/auth';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountHolder, stubFetch } from '../test/fakeServer';
import { ApiError } from './ApiError';
import { api, callEndpoint } from './apiClient';

describe('apiClient', () => {
  it('sends JSON with the session cookie and returns the checked response', async () => {
    const fetchMock = stubFetch(200, { id: 3 });
    const result = await api.put('/api/things/3', { name: 'Thing' }, z.object({ id: z.number() }));
    expect(result).toEqual({ id: 3 });
    expect(fetchMock).toHaveBeenCalledWith('/api/things/3', {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Thing' }),
    });
  });

  it('calls a contract endpoint with its method and path', async () => {
    const fetchMock = stubFetch(200, accountHolder());
    const me = await callEndpoint(meEndpoint);
    expect(me.account.name).toBe('ada lovelace');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/me',
      expect.objectContaining({ method: 'GET', body: undefined }),
    );
  });

  it('raises a non-OK status as an ApiError with the status, code and server text', async () => {
    stubFetch(422, { error: 'Wrong email or password.', code: 'invalid_credentials' });
    const failure = await api.post('/api/login', {}, undefined).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 422,
      code: 'invalid_credentials',
      message: 'Wrong email or password.',
    });
  });

  it('raises a non-OK status without an error body too', async () => {
    stubFetch(502, 'Bad gateway');
    await expect(api.del('/api/quizzes/1', undefined)).rejects.toMatchObject({
      status: 502,
      code: undefined,
    });
  });
});
