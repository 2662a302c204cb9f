import { ACCOUNT_EXPORTS_PER_HOUR, accountExportEndpoint } from '@quizbeam/contracts/account';
import {
  disableAdminAccountEndpoint,
  exportAdminAccountEndpoint,
  listAuditLogEndpoint,
} from '@quizbeam/contracts/admin';
import { pathOf } from '@quizbeam/contracts/endpoint';
import { createQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { users } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSecretIn, filesOfExport, jsonFileOf } from '../../testing/accountExport';
import { expectAdminsOnly, type Roles, signInRoles } from '../../testing/adminRoles';
import { startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let roles: Roles;
beforeAll(async () => {
  t = await startTestApp();
  roles = await signInRoles(t);
});
afterAll(async () => {
  await t?.close();
});

const adminDownload = (accountId: string) =>
  t.app.inject({
    url: pathOf(exportAdminAccountEndpoint, { id: accountId }),
    headers: { cookie: roles.admin.cookie },
  });

const auditOf = async (accountId: string) =>
  (await roles.admin.send(listAuditLogEndpoint, { query: { account: accountId } })).data().entries;

describe('GET /api/admin/accounts/{id}/export', () => {
  it("gives an admin any account's export, disabled ones too, and records it in the audit log", async () => {
    const user = await t.signIn({ name: 'Export Me Ltd' });
    const { quizId } = (
      await user.send(createQuizEndpoint, { body: { name: 'Kept', type: 'general' } })
    ).data();
    (await roles.admin.send(disableAdminAccountEndpoint, { params: { id: user.accountId } })).data();

    const answer = await adminDownload(user.accountId);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="quizbeam-export-export-me-ltd-\d{4}-\d{2}-\d{2}\.zip"; filename\*=UTF-8''quizbeam-export-export-me-ltd-\d{4}-\d{2}-\d{2}\.zip$/,
    );
    const files = filesOfExport(answer.rawPayload);
    expect(jsonFileOf(files, 'account.json')).toMatchObject({
      account: { id: user.accountId, name: 'Export Me Ltd', disabledAt: expect.any(String) },
      users: [{ email: user.email, role: 'user' }],
    });
    expect(jsonFileOf(files, `quizzes/${quizId}.json`)).toMatchObject({ id: quizId, name: 'Kept' });
    const [stored] = await t.context.db.select().from(users).where(eq(users.id, user.userId));
    expectNoSecretIn(answer.rawPayload, files, [stored?.passwordHash ?? 'no hash']);

    expect((await auditOf(user.accountId))[0]).toMatchObject({
      action: 'account.export',
      adminEmail: roles.admin.email,
      accountId: user.accountId,
      accountName: 'Export Me Ltd',
      summary: 'Exported the data of account "Export Me Ltd"',
    });
  });

  it('is for admins only, answers 404 for an unknown account, and shares the hourly limit', async () => {
    const user = await t.signIn();
    await expectAdminsOnly(t, roles, exportAdminAccountEndpoint, { params: { id: user.accountId } });
    const unknown = await roles.admin.send(exportAdminAccountEndpoint, {
      params: { id: crypto.randomUUID() },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await auditOf(user.accountId)).toEqual([]);

    for (let index = 0; index < ACCOUNT_EXPORTS_PER_HOUR - 1; index += 1) {
      expect((await adminDownload(user.accountId)).statusCode).toBe(200);
    }
    const own = await t.app.inject({
      url: pathOf(accountExportEndpoint, { account: user.accountId }),
      headers: { cookie: user.cookie },
    });
    expect(own.statusCode).toBe(200);
    const refused = await adminDownload(user.accountId);
    expect(refused.statusCode).toBe(429);
    // Refused exports are not recorded as made.
    expect(await auditOf(user.accountId)).toHaveLength(ACCOUNT_EXPORTS_PER_HOUR - 1);
  });
});
