import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, sessionCookieFrom, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signIn(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { origin: APP_ORIGIN },
    payload: { email, password: 'correct horse' },
  });
  return sessionCookieFrom(response);
}

describe('GET /admin', () => {
  it('lists every account, escaped, for an admin', async () => {
    const admin = await t.createAccount({ isAdmin: true, name: 'Quizbeam HQ' });
    await t.createAccount({ name: '<b>Shady</b> & Co', isLimited: true, proVersion: true });
    const response = await t.app.inject({ url: '/admin', headers: { cookie: await signIn(admin.email) } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Quizbeam HQ');
    expect(response.body).toContain('&#60;b&#62;Shady&#60;/b&#62; &#38; Co');
    expect(response.body).toContain('Limited, Pro');
    expect(response.body).toContain(`${admin.email} (admin)`);
  });

  it('sends a non-admin to the not-found screen and a visitor to sign in', async () => {
    const user = await t.createAccount();
    const forbidden = await t.app.inject({ url: '/admin', headers: { cookie: await signIn(user.email) } });
    expect(forbidden.statusCode).toBe(302);
    expect(forbidden.headers.location).toBe('/error/404');
    const visitor = await t.app.inject({ url: '/admin' });
    expect(visitor.headers.location).toBe('/login');
  });
});
