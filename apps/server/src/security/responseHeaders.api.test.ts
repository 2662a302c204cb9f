import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISH_HOST, PUBLISH_ORIGIN, storedScoredQuiz } from '../testing/publishing';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
let owner: SignedInAccount;
let quiz: Quiz;
beforeAll(async () => {
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN });
  owner = await t.signIn();
  ({ quiz } = await storedScoredQuiz(owner.call));
  quiz = quizSchema.parse(
    (await owner.call('POST', `/accounts/${owner.accountId}/quizzes/${quiz.id}/publish`, quiz)).json(),
  );
});
afterAll(async () => {
  await t.close();
});

const page = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/${quiz.publishedId}`, headers: { host: PUBLISH_HOST, ...headers } });

describe('the builder and API', () => {
  it('may not be framed, sniffed or leak its addresses, and runs only its own scripts and styles', async () => {
    for (const url of ['/', '/login', '/api/me', '/api/quizzes', '/logout', '/admin']) {
      const response = await t.app.inject({ url, headers: { cookie: owner.cookie } });
      const policy = String(response.headers['content-security-policy']);
      expect([url, response.headers['x-frame-options']]).toEqual([url, 'DENY']);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(policy).toContain("frame-ancestors 'none'");
      // The SPA and the admin console run only their own scripts; the Logout page runs none.
      expect(policy).toMatch(/script-src 'self'|^default-src 'none'/);
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).not.toContain('unsafe-eval');
    }
  });

  it('lets only the builder itself frame a preview', async () => {
    const preview = await t.app.inject({
      method: 'POST',
      url: `/accounts/${owner.accountId}/quizzes/preview`,
      headers: {
        cookie: owner.cookie,
        origin: APP_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ data: JSON.stringify(quiz) }).toString(),
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-security-policy']).toContain('sandbox');
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('does not tell clients how long the server took (timings reveal what a request did)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset-email',
      headers: { origin: APP_ORIGIN },
      payload: { email: 'someone@example.com' },
    });
    expect(response.headers['server-timing']).toBeUndefined();
  });
});

describe('a published page', () => {
  it('can be embedded anywhere, but not sniffed', async () => {
    const response = await page();
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(String(response.headers['content-security-policy'] ?? '')).not.toContain('frame-ancestors');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('may be kept by browsers and CDNs but is revalidated before each use, with a key to purge it by', async () => {
    const response = await page();
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['surrogate-key']).toBe(`quiz-${quiz.id}`);
    expect(response.headers['cache-tag']).toBe(`quiz-${quiz.id}`);
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f-]{36}"$/);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const revalidated = await page({ 'if-none-match': ifNoneMatch });
      expect([ifNoneMatch, revalidated.statusCode]).toEqual([ifNoneMatch, 304]);
    }
    expect((await page({ 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('honours the q-values of Accept-Encoding', async () => {
    const cases: [string, string | undefined][] = [
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.4', 'gzip'],
      ['gzip, br', 'br'],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
      ['deflate', undefined],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const response = await page({ 'accept-encoding': acceptEncoding });
      expect([acceptEncoding, response.headers['content-encoding']]).toEqual([acceptEncoding, expected]);
      const body = response.rawPayload;
      const html =
        expected === 'br'
          ? brotliDecompressSync(body).toString()
          : expected === 'gzip'
            ? gunzipSync(body).toString()
            : body.toString();
      expect(html).toContain('Find your plan');
    }
  });
});
