import { passwordCodeStatusEndpoint } from '@quizbeam/contracts/auth';
import { pathOf } from '@quizbeam/contracts/endpoint';
import { passwordCodes } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APP_ORIGIN,
  endpointCaller,
  linkIn,
  sessionCookieFrom,
  startTestApp,
  type TestApp,
} from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ APP_URL: 'http://localhost:3000', BASE_PATH: '/builder' });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { origin: APP_ORIGIN }, payload });
const put = (url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: { origin: APP_ORIGIN }, payload });
const login = (email: string, password: string) => post('/api/login', { email, password });

async function requestResetLink(email: string) {
  const before = t.outbox().length;
  expect((await post('/api/password-reset-email', { email })).statusCode).toBe(200);
  const mails = await t.waitForOutbox(before + 1);
  expect(mails.length).toBe(before + 1);
  return { mail: mails.at(-1) ?? '', ...linkIn(mails.at(-1) ?? '', 'reset-password') };
}

describe('password reset', () => {
  it('mails a link under APP_URL and BASE_PATH, sets the new password and signs the user in', async () => {
    const { email, userId } = await t.createAccount();
    const { mail, code, userId: linkedUser } = await requestResetLink(email);
    expect(linkedUser).toBe(userId);
    expect(mail).toContain(`To: ${email}`);
    expect(mail).toContain('Subject: Reset your Quizbeam password');
    expect(mail.replace(/=\r?\n/g, '')).toContain(`http://localhost:3000/builder/reset-password/${userId}/`);
    expect(mail).toContain('Content-Type: text/html');
    expect(mail).toContain('Content-Type: text/plain');

    const oldSession = sessionCookieFrom(await login(email, 'correct horse'));
    const reset = await put('/api/reset-password', {
      password: 'new secret',
      passwordResetCode: code,
      userId,
    });
    expect(reset.statusCode).toBe(200);
    const newSession = sessionCookieFrom(reset);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: newSession } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: oldSession } })).statusCode).toBe(401);
    expect((await login(email, 'correct horse')).statusCode).toBe(422);
    expect((await login(email, 'new secret')).statusCode).toBe(200);
  });

  it('answers 200 for an unknown email and sends nothing', async () => {
    const before = t.outbox().length;
    const response = await post('/api/password-reset-email', { email: 'ghost@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    // A known address asked afterwards: once its email is out, the unknown one has long been dealt with.
    const { email } = await t.createAccount();
    await post('/api/password-reset-email', { email });
    const mails = await t.waitForOutbox(before + 1);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toContain(`To: ${email}`);
  });

  it('accepts a code once only', async () => {
    const { email, userId } = await t.createAccount();
    const { code } = await requestResetLink(email);
    expect(
      (await put('/api/reset-password', { password: 'first new', passwordResetCode: code, userId }))
        .statusCode,
    ).toBe(200);
    const reused = await put('/api/reset-password', {
      password: 'second new',
      passwordResetCode: code,
      userId,
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      error: 'This link is invalid, has expired or has already been used. Please ask for a new one.',
      code: 'invalid_code',
    });
    expect((await login(email, 'first new')).statusCode).toBe(200);
  });

  it('refuses an expired code, and a newer request retires the older link', async () => {
    const { email, userId } = await t.createAccount();
    const first = await requestResetLink(email);
    const second = await requestResetLink(email);
    expect(
      (await put('/api/reset-password', { password: 'new secret', passwordResetCode: first.code, userId }))
        .statusCode,
    ).toBe(422);
    await t.database.db
      .update(passwordCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordCodes.userId, userId));
    const expired = await put('/api/reset-password', {
      password: 'new secret',
      passwordResetCode: second.code,
      userId,
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().code).toBe('invalid_code');
  });

  it('sets the expiry one hour ahead', async () => {
    const { email, userId } = await t.createAccount();
    await requestResetLink(email);
    const [row] = await t.database.db.select().from(passwordCodes).where(eq(passwordCodes.userId, userId));
    const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('refuses a password shorter than 6 characters with a 422 and keeps the code usable', async () => {
    const { email, userId } = await t.createAccount();
    const { code } = await requestResetLink(email);
    const short = await put('/api/reset-password', { password: '12345', passwordResetCode: code, userId });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({
      error: 'Your password must be at least 6 characters long.',
      code: 'invalid_password',
    });
    expect(
      (await put('/api/reset-password', { password: '123456', passwordResetCode: code, userId })).statusCode,
    ).toBe(200);
  });

  it('refuses a code sent for another user or a malformed user id', async () => {
    const { email } = await t.createAccount();
    const other = await t.createAccount();
    const { code } = await requestResetLink(email);
    expect(
      (
        await put('/api/reset-password', {
          password: 'new secret',
          passwordResetCode: code,
          userId: other.userId,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await put('/api/reset-password', {
          password: 'new secret',
          passwordResetCode: code,
          userId: 'not-a-uuid',
        })
      ).statusCode,
    ).toBe(422);
  });

  it('rate-limits reset emails per address', async () => {
    const { email } = await t.createAccount();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('/api/password-reset-email', { email })).statusCode).toBe(200);
    }
    const limited = await post('/api/password-reset-email', { email });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
  });
});

describe('password reset email timing', () => {
  it('answers before it looks the address up, issues a code or sends anything', async () => {
    let sent = 0;
    const neverDelivered = () => {
      sent += 1;
      return new Promise<void>(() => {});
    };
    const hanging = await startTestApp({}, { mailer: { send: neverDelivered } });
    try {
      const { email, userId } = await hanging.createAccount();
      // The mail never goes out, yet the answer comes, and it is the same as for an unknown address.
      const known = await hanging.app.inject({
        method: 'POST',
        url: '/api/password-reset-email',
        headers: { origin: APP_ORIGIN },
        payload: { email },
      });
      const unknown = await hanging.app.inject({
        method: 'POST',
        url: '/api/password-reset-email',
        headers: { origin: APP_ORIGIN },
        payload: { email: 'nobody@example.com' },
      });
      expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
      expect(known.headers['server-timing']).toBeUndefined();
      await vi.waitFor(async () => {
        const codes = await hanging.database.db
          .select()
          .from(passwordCodes)
          .where(eq(passwordCodes.userId, userId));
        expect(codes).toHaveLength(1);
        expect(sent).toBe(1);
      });
    } finally {
      await hanging.close();
    }
  });
});

describe('set password (new accounts)', () => {
  it('mails a 7-day link on account creation; PUT /api/set-password returns the account id and signs in', async () => {
    const { email, userId, accountId } = await t.createAccount({ password: undefined, name: 'Globex' });
    const mail = t.outbox().at(-1) ?? '';
    expect(mail).toContain('Subject: Welcome to Quizbeam: set your password');
    expect(mail).toContain('Globex');
    const link = linkIn(mail, 'set-password');
    expect(link.userId).toBe(userId);
    const [row] = await t.database.db.select().from(passwordCodes).where(eq(passwordCodes.userId, userId));
    const days = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const reset = await put('/api/reset-password', {
      password: 'chosen pw',
      passwordResetCode: link.code,
      userId,
    });
    expect(reset.statusCode).toBe(422);

    const response = await put('/api/set-password', {
      password: 'chosen pw',
      passwordResetCode: link.code,
      userId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accountId });
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: sessionCookieFrom(response) } });
    expect(me.json().email).toBe(email);
    expect(
      (await put('/api/set-password', { password: 'other pw', passwordResetCode: link.code, userId }))
        .statusCode,
    ).toBe(422);
  });

  it('refuses a set-password link older than 7 days', async () => {
    const { userId } = await t.createAccount({ password: undefined });
    const link = linkIn(t.outbox().at(-1) ?? '', 'set-password');
    await t.database.db
      .update(passwordCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordCodes.userId, userId));
    const response = await put('/api/set-password', {
      password: 'chosen pw',
      passwordResetCode: link.code,
      userId,
    });
    expect(response.statusCode).toBe(422);
  });

  it('logout under BASE_PATH redirects to the login screen there', async () => {
    const logout = await t.app.inject({
      method: 'POST',
      url: '/builder/logout',
      headers: { origin: APP_ORIGIN },
    });
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toBe('/builder/login');
  });
});

describe('GET /api/password-codes/:purpose/:userId/:code', () => {
  const codeStatus = (purpose: 'reset' | 'set', userId: string, code: string) =>
    endpointCaller(t.app, { origin: APP_ORIGIN })(passwordCodeStatusEndpoint, {
      params: { purpose, userId, code },
    });

  it('says a fresh link is valid without using it up', async () => {
    const { email, userId } = await t.createAccount();
    const { code } = await requestResetLink(email);
    expect((await codeStatus('reset', userId, code)).data()).toEqual({ valid: true });
    expect((await codeStatus('reset', userId, code)).data()).toEqual({ valid: true });
    expect(
      (await put('/api/reset-password', { password: 'new secret', passwordResetCode: code, userId }))
        .statusCode,
    ).toBe(200);
  });

  it('says a used, expired, retired or other-purpose link is not valid', async () => {
    const { email, userId } = await t.createAccount();
    const retired = await requestResetLink(email);
    const { code } = await requestResetLink(email);
    expect((await codeStatus('reset', userId, retired.code)).data()).toEqual({ valid: false });
    expect((await codeStatus('set', userId, code)).data()).toEqual({ valid: false });
    await put('/api/reset-password', { password: 'new secret', passwordResetCode: code, userId });
    expect((await codeStatus('reset', userId, code)).data()).toEqual({ valid: false });

    const invited = await t.createAccount({ password: undefined });
    const welcome = linkIn(t.outbox().at(-1) ?? '', 'set-password');
    expect((await codeStatus('set', invited.userId, welcome.code)).data()).toEqual({ valid: true });
    await t.database.db
      .update(passwordCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordCodes.userId, invited.userId));
    expect((await codeStatus('set', invited.userId, welcome.code)).data()).toEqual({ valid: false });
  });

  it('answers an unknown user as a wrong code, and 404 for a malformed user id or purpose', async () => {
    const { userId } = await t.createAccount();
    const unknownUser = await codeStatus('reset', crypto.randomUUID(), 'some-code');
    const wrongCode = await codeStatus('reset', userId, 'some-code');
    expect([unknownUser.statusCode, unknownUser.body]).toEqual([wrongCode.statusCode, wrongCode.body]);
    expect(wrongCode.data()).toEqual({ valid: false });
    expect((await codeStatus('reset', 'not-a-uuid', 'some-code')).statusCode).toBe(404);
    const otherPurpose = await t.app.inject({ url: `/api/password-codes/login/${userId}/some-code` });
    expect(otherPurpose.statusCode).toBe(404);
  });

  it('rate-limits checks per address', async () => {
    const { userId } = await t.createAccount();
    const check = () =>
      t.app.inject({
        url: pathOf(passwordCodeStatusEndpoint, { purpose: 'reset', userId, code: 'guess' }),
        remoteAddress: '203.0.113.40',
      });
    for (let attempt = 0; attempt < t.context.rateLimits.passwordCodeCheckPerIp.max; attempt += 1) {
      expect((await check()).statusCode).toBe(200);
    }
    const limited = await check();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
  });
});
