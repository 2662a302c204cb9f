import { sessions } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../../security/rateLimiter';
import { hashToken } from '../../shared/secureTokens';
import { APP_ORIGIN, sessionCookieFrom, startTestApp, type TestApp, tokenOf } from '../../testing/testApp';

let t: TestApp;
/** The rate limiter's clock: waits pass by moving it, never by sleeping. */
let now = Date.now();
beforeAll(async () => {
  t = await startTestApp({}, { limiter: new MemoryRateLimiter(() => now) });
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { origin: APP_ORIGIN, ...headers },
    payload: { email, password },
  });

describe('POST /api/login', () => {
  it('signs in with the right password, case-insensitively by email, and /api/me describes the user', async () => {
    const { email, accountId, userId } = await t.createAccount({
      name: 'Acme Marketing',
      isAdmin: true,
      commercialFeatures: true,
      proVersion: true,
    });
    const response = await login(email.toUpperCase(), 'correct horse');
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure');

    const me = await t.app.inject({ url: '/api/me', headers: { cookie: sessionCookieFrom(response) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      userId,
      email,
      isAdmin: true,
      account: {
        id: accountId,
        name: 'Acme Marketing',
        permissions: { isLimited: false, commercialFeatures: true, extraTemplates: false, proVersion: true },
      },
    });
  });

  it('answers 422 with the same text for a wrong password and an unknown email', async () => {
    const { email } = await t.createAccount();
    const wrongPassword = await login(email, 'wrong password');
    const unknownEmail = await login('nobody@example.com', 'correct horse');
    expect(wrongPassword.statusCode).toBe(422);
    expect(unknownEmail.statusCode).toBe(422);
    expect(wrongPassword.json()).toEqual({
      error: 'That email and password combination is not correct.',
      code: 'invalid_credentials',
    });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a user who has not set a password yet', async () => {
    const { email } = await t.createAccount({ password: undefined });
    expect((await login(email, '')).statusCode).toBe(400);
    expect((await login(email, 'anything')).statusCode).toBe(422);
  });

  it('names the missing field in a 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: APP_ORIGIN },
      payload: { email: 'a@example.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
    expect(response.json().error).toContain('body/password');
  });

  it('counts only failures: twelve sign-ins in a row with the right password all succeed', async () => {
    const { email } = await t.createAccount();
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect([attempt, (await login(email, 'correct horse')).statusCode]).toEqual([attempt, 200]);
    }
  });

  it('slows an email down after 5 failures with a growing wait, and never locks its owner out', async () => {
    const { email } = await t.createAccount();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(email, `guess ${attempt}`)).statusCode).toBe(422);
    }
    // Inside the wait even the right password is refused, unchecked.
    const waiting = await login(email, 'correct horse');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.json()).toEqual({
      error: 'Too many attempts. Please wait 1 second and try again.',
      code: 'rate_limited',
    });
    const waits: string[] = [];
    for (let attempt = 5; attempt < 10; attempt += 1) {
      const refused = await login(email, `guess ${attempt}`);
      expect(refused.statusCode).toBe(429);
      const retryAfter = String(refused.headers['retry-after']);
      waits.push(retryAfter);
      now += Number(retryAfter) * 1000;
      expect((await login(email, `guess ${attempt}`)).statusCode).toBe(422);
    }
    expect(waits).toEqual(['1', '2', '4', '8', '16']);
    const afterTen = await login(email, 'correct horse');
    expect(afterTen.statusCode).toBe(429);
    expect(afterTen.headers['retry-after']).toBe('32');
    now += 32_000;
    expect((await login(email, 'correct horse')).statusCode).toBe(200);
    // The success starts the count afresh: one wrong password costs no wait.
    expect((await login(email, 'guess again')).statusCode).toBe(422);
    expect((await login(email, 'correct horse')).statusCode).toBe(200);
  });

  it('signs in no look-alike of an address, so its spellings share one count', async () => {
    const email = `di-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await t.createAccount({ email });
    // 'İ' is 'i' to PostgreSQL's lower() but not to JavaScript's: it must not be a second key to the user.
    const lookAlike = email.replace('di-', 'dİ-');
    expect((await login(lookAlike, 'correct horse')).statusCode).toBe(422);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(email.toUpperCase(), `guess ${attempt}`)).statusCode).toBe(422);
    }
    expect((await login(` ${email}`, 'correct horse')).statusCode).toBe(429);
    now += 1000;
    expect((await login(email, 'correct horse')).statusCode).toBe(200);
  });

  it('caps the wait at a minute and forgets failures 15 minutes after the last one', async () => {
    const { email } = await t.createAccount();
    let retryAfter = '0';
    for (let failures = 0; failures < 14; ) {
      const answer = await login(email, `guess ${failures}`);
      if (answer.statusCode === 429) {
        retryAfter = String(answer.headers['retry-after']);
        now += Number(retryAfter) * 1000;
      } else {
        expect(answer.statusCode).toBe(422);
        failures += 1;
      }
    }
    expect(retryAfter).toBe('60');
    expect((await login(email, 'correct horse')).headers['retry-after']).toBe('60');
    now += 15 * 60 * 1000;
    expect((await login(email, 'correct horse')).statusCode).toBe(200);
  });

  it('rate-limits attempts per IP address across emails', async () => {
    const fromOneAddress = (attempt: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '203.0.113.9',
        headers: { origin: APP_ORIGIN },
        payload: { email: `someone${attempt}@example.com`, password: 'x' },
      });
    const limit = t.context.rateLimits.loginPerIp.max;
    for (let attempt = 0; attempt < limit; attempt += 1) {
      expect((await fromOneAddress(attempt)).statusCode).toBe(422);
    }
    expect((await fromOneAddress(limit)).statusCode).toBe(429);
    const { email } = await t.createAccount();
    expect((await login(email, 'correct horse')).statusCode).toBe(200);
  }, 20_000);

  it('refuses a foreign Origin with 403 before checking anything', async () => {
    const { email } = await t.createAccount();
    const response = await login(email, 'correct horse', { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'This request came from another website and was refused.',
      code: 'forbidden_origin',
    });
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email, password: 'correct horse' },
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('sessions', () => {
  it('answers 401 with a JSON error when signed out or the cookie is forged', async () => {
    const signedOut = await t.app.inject({ url: '/api/me' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: 'Please sign in to continue.', code: 'unauthenticated' });
    const forged = await t.app.inject({ url: '/api/me', headers: { cookie: 'quizbeam_session=abc.def' } });
    expect(forged.statusCode).toBe(401);
  });

  it('ends a session after 30 days idle and keeps one used within that time', async () => {
    const { email } = await t.createAccount();
    const idle = sessionCookieFrom(await login(email, 'correct horse'));
    const recent = sessionCookieFrom(await login(email, 'correct horse'));
    const setIdleDays = (cookie: string, days: number) =>
      t.database.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - days * 24 * 60 * 60 * 1000) })
        .where(eq(sessions.tokenHash, hashToken(tokenOf(cookie))));
    await setIdleDays(idle, 31);
    await setIdleDays(recent, 29);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: idle } })).statusCode).toBe(401);
    const used = await t.app.inject({ url: '/api/me', headers: { cookie: recent } });
    expect(used.statusCode).toBe(200);
    // The browser's cookie is renewed with the use, so it lasts 30 days from now, not from the sign-in.
    expect(String(used.headers['set-cookie'])).toContain(`${recent}; Max-Age=2592000;`);
    const usedAgain = await t.app.inject({ url: '/api/me', headers: { cookie: recent } });
    expect(usedAgain.headers['set-cookie']).toBeUndefined();
    const [touched] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(tokenOf(recent))));
    expect(Date.now() - (touched?.lastSeenAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('logs out: the session ends and the browser goes to /login', async () => {
    const { email } = await t.createAccount();
    const cookie = sessionCookieFrom(await login(email, 'correct horse'));
    // A GET (an image another page embeds) signs nobody out: it only shows a button that posts.
    const page = await t.app.inject({ url: '/logout', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post" action="/logout">');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    // Another site's form is refused.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: {
        cookie,
        origin: 'https://quiz.example.com',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(foreign.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    // The sidebar's form, as the browser posts it.
    const logout = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { cookie, origin: APP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toBe('/login');
    expect(String(logout.headers['set-cookie'])).toContain('quizbeam_session=;');
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });
});
