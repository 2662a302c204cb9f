import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFrom, startTestApp, type TestApp } from '../../testing/testApp';

const APP_URL = 'https://builder.example.com';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ APP_URL, PUBLISH_URL: 'https://quizzes.example.com' });
});
afterAll(async () => {
  await t.close();
});

describe('session cookie over https', () => {
  it('is Secure, HttpOnly, SameSite=Lax and __Host- prefixed, and lasts 30 days', async () => {
    const { email } = await t.createAccount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: APP_URL, host: 'builder.example.com' },
      payload: { email, password: 'correct horse' },
    });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-quizbeam_session=/);
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    const me = await t.app.inject({
      url: '/api/me',
      headers: { cookie: sessionCookieFrom(response), host: 'builder.example.com' },
    });
    expect(me.statusCode).toBe(200);
  });

  it('refuses the http origin of the same host as foreign', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'http://builder.example.com', host: 'builder.example.com' },
      payload: { email: 'a@example.com', password: 'x' },
    });
    expect(response.statusCode).toBe(403);
  });
});
