import { INVALID_EMAIL_TEXT } from '@quizbeam/contracts/emailAddress';
import {
  cancelEmailChangeEndpoint,
  changeEmailEndpoint,
  changePasswordEndpoint,
  EMAIL_IN_USE_TEXT,
  profileEndpoint,
  SAME_EMAIL_TEXT,
  signOutOtherSessionsEndpoint,
  WRONG_CURRENT_PASSWORD_TEXT,
} from '@quizbeam/contracts/profile';
import { emailChangeRequests } from '@quizbeam/db/editingSchema';
import { users } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../security/rateLimiter';
import {
  APP_ORIGIN,
  endpointCaller,
  linkIn,
  type SignedInAccount,
  sessionCookieFrom,
  startTestApp,
  type TestApp,
} from '../../testing/testApp';
import { EMAIL_CHANGED_TEXT, INVALID_EMAIL_LINK_TEXT } from './confirmEmailPage';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const plenty = { max: 1000, windowMs: FIFTEEN_MINUTES };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(
    { APP_URL: APP_ORIGIN, BASE_PATH: '/builder' },
    {
      // This file's calls all come from one address: only the limits under test stay tight. The email's
      // slow-down waits a minute after its free failures, so the refusal cannot pass while the test runs.
      rateLimits: {
        ...defaultRateLimits,
        loginPerIp: plenty,
        resetEmailPerIp: plenty,
        passwordCodeCheckPerIp: plenty,
        passwordChangePerIp: plenty,
        loginPerEmail: { ...defaultRateLimits.loginPerEmail, firstDelayMs: 60_000 },
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { origin: APP_ORIGIN },
    payload: { email, password },
  });
const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });

/** Another browser signed in as the same user: its session cookie. */
async function anotherSession(account: SignedInAccount, password = 'correct horse'): Promise<string> {
  const answer = await login(account.email, password);
  expect(answer.statusCode).toBe(200);
  return sessionCookieFrom(answer);
}

const unfolded = (eml: string) => eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const mailsTo = (address: string) => t.outbox().filter((mail) => mail.includes(`To: ${address}`));

/** Waits for one more email than `before` and returns the newest to `address`. */
async function nextMailTo(address: string, before: number): Promise<string> {
  await t.waitForOutbox(before + 1);
  const mail = mailsTo(address).at(-1);
  if (!mail) throw new Error(`no email to ${address}`);
  return unfolded(mail);
}

/** The path of the confirmation link in an email (under the app's BASE_PATH). */
function confirmationPathIn(mail: string): string {
  const match = mail.match(/http:\/\/localhost:3000(\/builder\/confirm-email\/[A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error('no confirmation link in the email');
  return match[1];
}

const openLink = (path: string) => t.app.inject({ url: path });
const confirm = (path: string, origin = APP_ORIGIN) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

/** Asks for a change to `newEmail` and returns the confirmation link's path from the email it sends. */
async function requestChange(account: SignedInAccount, newEmail: string): Promise<string> {
  const before = t.outbox().length;
  const answer = await account.send(changeEmailEndpoint, {
    body: { newEmail, currentPassword: 'correct horse' },
  });
  expect(answer.data()).toEqual({ pendingEmail: newEmail });
  return confirmationPathIn(await nextMailTo(newEmail, before));
}

const freshAddress = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.org`;

async function storedEmailOf(userId: string): Promise<string | undefined> {
  const [user] = await t.context.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email;
}

describe('the Profile calls need a session', () => {
  it('answers 401 to each of them signed out (per-user calls: there are no ids to try of another account)', async () => {
    const signedOut = endpointCaller(t.app, { origin: APP_ORIGIN });
    const answers = await Promise.all([
      signedOut(profileEndpoint),
      signedOut(changePasswordEndpoint, {
        body: { currentPassword: 'correct horse', newPassword: 'new one!' },
      }),
      signedOut(changeEmailEndpoint, {
        body: { newEmail: 'x@example.org', currentPassword: 'correct horse' },
      }),
      signedOut(cancelEmailChangeEndpoint),
      signedOut(signOutOtherSessionsEndpoint),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401, 401]);
  });
});

describe('GET /api/profile', () => {
  it('shows the email, no pending change, the other sessions and when this one started', async () => {
    const account = await t.signIn();
    const started = Date.now();
    await anotherSession(account);
    await anotherSession(account);
    const profile = (await account.send(profileEndpoint)).data();
    expect(profile).toEqual({
      email: account.email,
      pendingEmail: null,
      otherSessions: 2,
      currentSessionStartedAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(profile.currentSessionStartedAt) - started)).toBeLessThan(60_000);
    // Another user's sessions are theirs alone.
    expect((await (await t.signIn()).send(profileEndpoint)).data().otherSessions).toBe(0);
  });
});

describe('PUT /api/profile/password', () => {
  it('changes the password, signs out the other sessions only, and emails a notice', async () => {
    const account = await t.signIn();
    const otherBrowser = await anotherSession(account);
    const before = t.outbox().length;
    const answer = await account.send(changePasswordEndpoint, {
      body: { currentPassword: 'correct horse', newPassword: 'battery staple' },
    });
    expect(answer.data()).toEqual({ signedOut: 1 });
    expect((await me(otherBrowser)).statusCode).toBe(401);
    expect((await me(account.cookie)).statusCode).toBe(200);
    expect((await login(account.email, 'correct horse')).statusCode).toBe(422);
    expect((await login(account.email, 'battery staple')).statusCode).toBe(200);

    const notice = await nextMailTo(account.email, before);
    expect(notice).toContain('Subject: Your password was changed');
    expect(notice).toContain('http://localhost:3000/builder/forgot-password');
  });

  it('refuses a wrong current password with 422, changing nothing', async () => {
    const account = await t.signIn();
    const otherBrowser = await anotherSession(account);
    const answer = await account.send(changePasswordEndpoint, {
      body: { currentPassword: 'wrong horse', newPassword: 'battery staple' },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({ error: WRONG_CURRENT_PASSWORD_TEXT, code: 'invalid_credentials' });
    expect((await me(otherBrowser)).statusCode).toBe(200);
    expect((await login(account.email, 'correct horse')).statusCode).toBe(200);
  });

  it('holds a new password to the reset form’s rule, before looking at the current one', async () => {
    const account = await t.signIn();
    const answer = await account.send(changePasswordEndpoint, {
      body: { currentPassword: 'wrong horse', newPassword: 'abc' },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({
      error: 'Your password must be at least 6 characters long.',
      code: 'invalid_password',
    });
    expect((await login(account.email, 'correct horse')).statusCode).toBe(200);
    // Strings past what the boundary takes are a 400, never a 500.
    const tooLong = await account.send(changePasswordEndpoint, {
      body: { currentPassword: 'correct horse', newPassword: 'x'.repeat(2000) },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('counts wrong current passwords with the sign-in failures of the email: past the free ones, both wait', async () => {
    const account = await t.signIn();
    const wrong = () =>
      account.send(changePasswordEndpoint, {
        body: { currentPassword: 'guess', newPassword: 'battery staple' },
      });
    for (let attempt = 0; attempt < defaultRateLimits.loginPerEmail.freeFailures; attempt += 1) {
      expect((await wrong()).statusCode).toBe(422);
    }
    const refused = await account.send(changePasswordEndpoint, {
      body: { currentPassword: 'correct horse', newPassword: 'battery staple' },
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(account.email, 'correct horse')).statusCode).toBe(429);
    const email = await account.send(changeEmailEndpoint, {
      body: { newEmail: freshAddress('limited'), currentPassword: 'correct horse' },
    });
    expect(email.statusCode).toBe(429);
  });
});

describe('POST /api/profile/email and its link', () => {
  it('mails a link to the new address; opening it and confirming changes the email and tells the old one', async () => {
    const account = await t.signIn();
    const newEmail = freshAddress('new');
    const path = await requestChange(account, newEmail);
    const [confirmation] = mailsTo(newEmail).map(unfolded);
    expect(confirmation).toContain('Subject: Confirm your new Quizbeam email address');
    expect(confirmation).toContain(account.email);
    expect((await account.send(profileEndpoint)).data()).toMatchObject({
      email: account.email,
      pendingEmail: newEmail,
    });

    // Opening the link changes nothing yet: a mail scanner following it does no harm.
    const page = await openLink(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.body).toContain(newEmail);
    expect(page.body).toContain(`<form method="post" action="${path}">`);
    expect(await storedEmailOf(account.userId)).toBe(account.email);

    const before = t.outbox().length;
    const confirmed = await confirm(path);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(EMAIL_CHANGED_TEXT);
    expect(await storedEmailOf(account.userId)).toBe(newEmail);
    const notice = await nextMailTo(account.email, before);
    expect(notice).toContain('Subject: Your Quizbeam email address was changed');
    expect(notice).toContain(newEmail);

    expect((await login(account.email, 'correct horse')).statusCode).toBe(422);
    expect((await login(newEmail, 'correct horse')).statusCode).toBe(200);
    // The session that asked is still signed in, now with the new email.
    expect((await account.send(profileEndpoint)).data()).toMatchObject({
      email: newEmail,
      pendingEmail: null,
    });

    // Used once: opened or posted again, it says so and changes nothing.
    const reopened = await openLink(path);
    expect(reopened.statusCode).toBe(404);
    expect(reopened.body).toContain(INVALID_EMAIL_LINK_TEXT);
    expect((await confirm(path)).body).toContain(INVALID_EMAIL_LINK_TEXT);
  });

  it('ends reset links mailed to the old address before the change', async () => {
    const account = await t.signIn();
    const before = t.outbox().length;
    await t.app.inject({
      method: 'POST',
      url: '/api/password-reset-email',
      headers: { origin: APP_ORIGIN },
      payload: { email: account.email },
    });
    const reset = linkIn(await nextMailTo(account.email, before), 'reset-password');
    const path = await requestChange(account, freshAddress('moved'));
    expect((await confirm(path)).statusCode).toBe(200);
    const redeemed = await t.app.inject({
      method: 'PUT',
      url: '/api/reset-password',
      headers: { origin: APP_ORIGIN },
      payload: { password: 'taken over', passwordResetCode: reset.code, userId: reset.userId },
    });
    expect(redeemed.statusCode).toBe(422);
  });

  it('refuses a wrong current password with 422, recording and sending nothing', async () => {
    const account = await t.signIn();
    const newEmail = freshAddress('never');
    const answer = await account.send(changeEmailEndpoint, {
      body: { newEmail, currentPassword: 'wrong horse' },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({ error: WRONG_CURRENT_PASSWORD_TEXT, code: 'invalid_credentials' });
    const stored = await t.context.db
      .select()
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.userId, account.userId));
    expect(stored).toEqual([]);
    expect(mailsTo(newEmail)).toEqual([]);
  });

  it('refuses, with 409, an address another user signs in with, however it is written', async () => {
    const account = await t.signIn();
    const other = await t.createAccount();
    const answer = await account.send(changeEmailEndpoint, {
      body: { newEmail: ` ${other.email.toUpperCase()} `, currentPassword: 'correct horse' },
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ error: EMAIL_IN_USE_TEXT, code: 'conflict' });
    // Whether an address is taken is said only after the password: a wrong one hears nothing of it.
    const guessed = await account.send(changeEmailEndpoint, {
      body: { newEmail: other.email, currentPassword: 'wrong horse' },
    });
    expect(guessed.statusCode).toBe(422);
  });

  it('refuses an address that is no address, the current one, or one past the length limit', async () => {
    const account = await t.signIn();
    const ask = (newEmail: string) =>
      account.send(changeEmailEndpoint, { body: { newEmail, currentPassword: 'correct horse' } });
    const invalid = await ask('not an address');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ error: INVALID_EMAIL_TEXT, code: 'validation_failed' });
    const same = await ask(account.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ error: SAME_EMAIL_TEXT, code: 'validation_failed' });
    expect((await ask(`${'a'.repeat(400)}@example.org`)).statusCode).toBe(400);
  });

  it('says the address was taken meanwhile when the link is confirmed, and keeps the email', async () => {
    const account = await t.signIn();
    const newEmail = freshAddress('contested');
    const path = await requestChange(account, newEmail);
    await t.createAccount({ email: newEmail });
    const answer = await confirm(path);
    expect(answer.statusCode).toBe(409);
    expect(answer.body).toContain(EMAIL_IN_USE_TEXT);
    expect(await storedEmailOf(account.userId)).toBe(account.email);
    expect((await openLink(path)).body).toContain(INVALID_EMAIL_LINK_TEXT);
  });

  it('lets a link expire after 24 hours', async () => {
    const account = await t.signIn();
    const path = await requestChange(account, freshAddress('late'));
    const [request] = await t.context.db
      .select()
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.userId, account.userId));
    expect(request?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(path).not.toContain(request?.codeHash);
    const lifetime = (request?.expiresAt.getTime() ?? 0) - (request?.createdAt.getTime() ?? 0);
    expect(lifetime).toBe(24 * 60 * 60 * 1000);

    await t.context.db
      .update(emailChangeRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeRequests.userId, account.userId));
    expect((await openLink(path)).statusCode).toBe(404);
    const answer = await confirm(path);
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain(INVALID_EMAIL_LINK_TEXT);
    expect(await storedEmailOf(account.userId)).toBe(account.email);
    expect((await account.send(profileEndpoint)).data().pendingEmail).toBeNull();
  });

  it('replaces a pending change with a newer one, and DELETE cancels it', async () => {
    const account = await t.signIn();
    const first = await requestChange(account, freshAddress('first'));
    const secondEmail = freshAddress('second');
    const second = await requestChange(account, secondEmail);
    expect((await openLink(first)).statusCode).toBe(404);
    expect((await account.send(profileEndpoint)).data().pendingEmail).toBe(secondEmail);

    expect((await account.send(cancelEmailChangeEndpoint)).data()).toEqual({ ok: true });
    expect((await account.send(profileEndpoint)).data().pendingEmail).toBeNull();
    expect((await confirm(second)).statusCode).toBe(404);
    expect(await storedEmailOf(account.userId)).toBe(account.email);
  });

  it('sends a user at most five links an hour', async () => {
    const account = await t.signIn();
    for (let request = 0; request < defaultRateLimits.resetEmailPerEmail.max; request += 1) {
      await requestChange(account, freshAddress(`burst${request}`));
    }
    const refused = await account.send(changeEmailEndpoint, {
      body: { newEmail: freshAddress('one-too-many'), currentPassword: 'correct horse' },
    });
    expect(refused.statusCode).toBe(429);
  });

  it('refuses a confirmation posted from another site, and an unknown or overlong code', async () => {
    const account = await t.signIn();
    const path = await requestChange(account, freshAddress('forged'));
    expect((await confirm(path, 'https://evil.example')).statusCode).toBe(403);
    expect(await storedEmailOf(account.userId)).toBe(account.email);
    // The router itself refuses a path segment past 100 characters, as the app's invalid address.
    const overlong = await openLink(`/builder/confirm-email/${'a'.repeat(300)}`);
    expect(overlong.statusCode).toBe(400);
    expect((await openLink('/builder/confirm-email/not-a-code')).body).toContain(INVALID_EMAIL_LINK_TEXT);
  });
});

describe('POST /api/profile/sessions/sign-out-others', () => {
  it('ends every other session of the user and keeps this one', async () => {
    const account = await t.signIn();
    const others = [await anotherSession(account), await anotherSession(account)];
    const bystander = await t.signIn();
    expect((await account.send(signOutOtherSessionsEndpoint)).data()).toEqual({ signedOut: 2 });
    for (const cookie of others) expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(account.cookie)).statusCode).toBe(200);
    expect((await me(bystander.cookie)).statusCode).toBe(200);
    expect((await account.send(profileEndpoint)).data().otherSessions).toBe(0);
    expect((await account.send(signOutOtherSessionsEndpoint)).data()).toEqual({ signedOut: 0 });
  });
});
