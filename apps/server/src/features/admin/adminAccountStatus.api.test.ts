import {
  ACCOUNT_DISABLED_LOGIN_MESSAGE,
  disableAdminAccountEndpoint,
  enableAdminAccountEndpoint,
  listAuditLogEndpoint,
  QUIZ_UNAVAILABLE_TITLE,
  sendUserPasswordResetEndpoint,
} from '@quizbeam/contracts/admin';
import { meEndpoint } from '@quizbeam/contracts/auth';
import { createQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { accounts, quizzes } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAdminsOnly, type Roles, signInRoles } from '../../testing/adminRoles';
import { publishCaptureQuiz } from '../../testing/deliveries';
import { PUBLISH_ORIGIN, visitorOf } from '../../testing/publishing';
import { APP_ORIGIN, linkIn, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let roles: Roles;
beforeAll(async () => {
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN });
  roles = await signInRoles(t);
});
afterAll(async () => {
  await t.close();
});

const login = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { origin: APP_ORIGIN },
    payload: { email, password: 'correct horse' },
  });

async function auditOf(accountId: string) {
  return (await roles.admin.send(listAuditLogEndpoint, { query: { account: accountId } })).data().entries;
}

describe('POST /api/admin/accounts/{id}/disable and /enable', () => {
  it('disables an account: its session ends, it cannot sign in, nothing is deleted; enable restores it', async () => {
    const user = await t.signIn({ name: 'Soon Disabled' });
    (await user.send(createQuizEndpoint, { body: { name: 'Kept', type: 'general' } })).data();

    const disabled = (
      await roles.admin.send(disableAdminAccountEndpoint, { params: { id: user.accountId } })
    ).data();
    expect(disabled.disabledAt).not.toBeNull();
    expect((await user.send(meEndpoint)).statusCode).toBe(401);
    const refused = await login(user.email);
    expect([refused.statusCode, refused.json()]).toEqual([
      422,
      { code: 'invalid_credentials', error: ACCOUNT_DISABLED_LOGIN_MESSAGE },
    ]);
    expect(await auditOf(user.accountId)).toMatchObject([
      {
        action: 'account.disable',
        accountName: 'Soon Disabled',
        summary: 'Disabled account "Soon Disabled"',
      },
    ]);

    // Again: nothing changes, nothing more is recorded.
    const again = (
      await roles.admin.send(disableAdminAccountEndpoint, { params: { id: user.accountId } })
    ).data();
    expect(again.disabledAt).toBe(disabled.disabledAt);
    expect(await auditOf(user.accountId)).toHaveLength(1);

    const enabled = (
      await roles.admin.send(enableAdminAccountEndpoint, { params: { id: user.accountId } })
    ).data();
    expect(enabled.disabledAt).toBeNull();
    expect(enabled.users).toHaveLength(1);
    const signedIn = await login(user.email);
    expect(signedIn.statusCode).toBe(200);
    expect((await auditOf(user.accountId))[0]).toMatchObject({
      action: 'account.enable',
      summary: 'Enabled account "Soon Disabled"',
    });
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, user.accountId));
    expect(row?.disabledAt).toBeNull();
    const kept = await t.database.db.select().from(quizzes).where(eq(quizzes.accountId, user.accountId));
    expect(kept.map((quiz) => quiz.name)).toEqual(['Kept']);
  });

  it('shows the account’s published quizzes as unavailable at once, and back when enabled', async () => {
    const user = await t.signIn({ name: 'Publisher' });
    const { quiz } = await publishCaptureQuiz(t, user, {});
    const page = () => visitorOf(t)('GET', `/${quiz.publishedId}`);
    expect((await page()).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(200);
    await roles.admin.send(disableAdminAccountEndpoint, { params: { id: user.accountId } });
    const unavailable = await page();
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.body).toContain(QUIZ_UNAVAILABLE_TITLE);
    await roles.admin.send(enableAdminAccountEndpoint, { params: { id: user.accountId } });
    expect((await page()).statusCode).toBe(200);
  });

  it('refuses to disable the admin’s own account', async () => {
    const answer = await roles.admin.send(disableAdminAccountEndpoint, {
      params: { id: roles.admin.accountId },
    });
    expect([answer.statusCode, answer.json()]).toEqual([
      400,
      { code: 'validation_failed', error: 'You cannot disable your own account.' },
    ]);
    expect((await roles.admin.send(meEndpoint)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown account', async () => {
    for (const declaration of [disableAdminAccountEndpoint, enableAdminAccountEndpoint]) {
      const answer = await roles.admin.send(declaration, { params: { id: crypto.randomUUID() } });
      expect(answer.statusCode).toBe(404);
    }
  });

  it('is for admins only', async () => {
    for (const declaration of [disableAdminAccountEndpoint, enableAdminAccountEndpoint]) {
      await expectAdminsOnly(t, roles, declaration, { params: { id: roles.plain.accountId } });
    }
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, roles.plain.accountId));
    expect(row?.disabledAt).toBeNull();
  });
});

describe('POST /api/admin/users/{id}/password-reset', () => {
  it('mails a user with a password a reset link and records it', async () => {
    const user = await t.createAccount({ name: 'Forgetful' });
    const before = t.outbox().length;
    const answer = await roles.admin.send(sendUserPasswordResetEndpoint, { params: { id: user.userId } });
    expect([answer.statusCode, answer.json()]).toEqual([200, { ok: true }]);
    const mail = (await t.waitForOutbox(before + 1)).at(-1) ?? '';
    expect(mail).toContain(`To: ${user.email}`);
    expect(linkIn(mail, 'reset-password').userId).toBe(user.userId);
    expect(await auditOf(user.accountId)).toMatchObject([
      {
        action: 'user.password_reset',
        accountName: 'Forgetful',
        summary: `Sent a password reset email to ${user.email}`,
      },
    ]);
  });

  it('mails a user who never set a password a new set-password link', async () => {
    const invited = await t.createAccount({ name: 'Invited', password: undefined });
    const before = t.outbox().length;
    await roles.admin.send(sendUserPasswordResetEndpoint, { params: { id: invited.userId } });
    const mail = (await t.waitForOutbox(before + 1)).at(-1) ?? '';
    const link = linkIn(mail, 'set-password');
    expect(link.userId).toBe(invited.userId);
    expect((await auditOf(invited.accountId))[0]?.summary).toBe(
      `Sent a set-password email to ${invited.email}`,
    );
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/set-password',
      headers: { origin: APP_ORIGIN },
      payload: { userId: link.userId, passwordResetCode: link.code, password: 'a brand new password' },
    });
    expect(set.statusCode).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const answer = await roles.admin.send(sendUserPasswordResetEndpoint, {
      params: { id: crypto.randomUUID() },
    });
    expect(answer.statusCode).toBe(404);
  });

  it('is for admins only and sends nothing to anyone else', async () => {
    const before = t.outbox().length;
    await expectAdminsOnly(t, roles, sendUserPasswordResetEndpoint, { params: { id: roles.plain.userId } });
    expect(t.outbox()).toHaveLength(before);
  });
});
