import { DEFAULT_USAGE_LIMITS } from '@quizbeam/contracts/account';
import {
  ADMIN_ACCOUNTS_PAGE_SIZE,
  createAdminAccountEndpoint,
  getAdminAccountEndpoint,
  listAdminAccountsEndpoint,
  listAuditLogEndpoint,
  updateAdminAccountEndpoint,
} from '@quizbeam/contracts/admin';
import { createQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { adminAuditLog } from '@quizbeam/db/adminSchema';
import { accounts } from '@quizbeam/db/schema';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAdminsOnly, expectFieldError, type Roles, signInRoles } from '../../testing/adminRoles';
import { linkIn, startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let roles: Roles;
beforeAll(async () => {
  t = await startTestApp();
  roles = await signInRoles(t);
});
afterAll(async () => {
  await t.close();
});

const permissions = { isLimited: false, commercialFeatures: false, extraTemplates: false, proVersion: false };

async function latestAudit() {
  const [row] = await t.database.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1);
  return row;
}

describe('GET /api/admin/accounts', () => {
  it('pages every account newest first for an admin, with emails, permissions and quiz counts', async () => {
    (await roles.commercial.send(createQuizEndpoint, { body: { name: 'One', type: 'general' } })).data();
    (await roles.commercial.send(createQuizEndpoint, { body: { name: 'Two', type: 'scored' } })).data();
    const page = (await roles.admin.send(listAdminAccountsEndpoint)).data();
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(ADMIN_ACCOUNTS_PAGE_SIZE);
    expect(page.total).toBeGreaterThanOrEqual(5);
    const created = page.accounts.map((account) => account.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const commercial = page.accounts.find((account) => account.id === roles.commercial.accountId);
    expect(commercial).toMatchObject({
      emails: [roles.commercial.email],
      quizCount: 2,
      disabledAt: null,
      permissions: { ...permissions, commercialFeatures: true },
    });
  });

  it('searches names and any user email, case-insensitively, treating % and _ as plain text', async () => {
    await t.createAccount({ name: 'Zebra Striped Ltd', email: 'owner@zebra-stripes.example' });
    await t.createAccount({ name: '100%_Growth', email: 'growth@example.org' });
    const search = async (text: string) =>
      (await roles.admin.send(listAdminAccountsEndpoint, { query: { search: text } }))
        .data()
        .accounts.map((account) => account.name);
    expect(await search('zEbRa sTRIPED')).toEqual(['Zebra Striped Ltd']);
    expect(await search('ZEBRA-STRIPES.EXAMPLE')).toEqual(['Zebra Striped Ltd']);
    expect(await search('%_g')).toEqual(['100%_Growth']);
    expect(await search('_')).toEqual(['100%_Growth']);
    expect(await search('no such account anywhere')).toEqual([]);
  });

  it('pages by ADMIN_ACCOUNTS_PAGE_SIZE and answers an empty page past the end', async () => {
    const prefix = `Paging ${crypto.randomUUID().slice(0, 6)}`;
    for (let index = 0; index < ADMIN_ACCOUNTS_PAGE_SIZE + 2; index += 1) {
      await t.createAccount({ name: `${prefix} ${index}` });
    }
    const first = (await roles.admin.send(listAdminAccountsEndpoint, { query: { search: prefix } })).data();
    expect(first.total).toBe(ADMIN_ACCOUNTS_PAGE_SIZE + 2);
    expect(first.accounts).toHaveLength(ADMIN_ACCOUNTS_PAGE_SIZE);
    const second = (
      await roles.admin.send(listAdminAccountsEndpoint, { query: { search: prefix, page: '2' } })
    ).data();
    expect(second.accounts).toHaveLength(2);
    expect(second.page).toBe(2);
    const names = [...first.accounts, ...second.accounts].map((account) => account.name);
    expect(new Set(names).size).toBe(ADMIN_ACCOUNTS_PAGE_SIZE + 2);
    const third = (
      await roles.admin.send(listAdminAccountsEndpoint, { query: { search: prefix, page: '3' } })
    ).data();
    expect(third.accounts).toEqual([]);
  });

  it('refuses a bad page with a 400 naming it', async () => {
    for (const page of ['0', '-1', 'two', '1.5']) {
      expectFieldError(await roles.admin.send(listAdminAccountsEndpoint, { query: { page } }), 'page');
    }
  });

  it('is for admins only', async () => {
    await expectAdminsOnly(t, roles, listAdminAccountsEndpoint, {});
  });
});

describe('GET /api/admin/accounts/{id}', () => {
  it('shows the account with its users, limits and usage', async () => {
    const detail = (
      await roles.admin.send(getAdminAccountEndpoint, { params: { id: roles.commercial.accountId } })
    ).data();
    expect(detail).toMatchObject({
      id: roles.commercial.accountId,
      disabledAt: null,
      permissions: { ...permissions, commercialFeatures: true },
      limitOverrides: {},
      defaultLimits: {
        ...DEFAULT_USAGE_LIMITS,
        imageStorageMb: Math.round(t.context.config.imageQuotaBytes / (1024 * 1024)),
      },
      users: [
        { id: roles.commercial.userId, email: roles.commercial.email, isAdmin: false, hasPassword: true },
      ],
    });
    expect(detail.usage.find((line) => line.key === 'quizzes')).toEqual({
      key: 'quizzes',
      label: 'Quizzes',
      usage: 2,
      limit: DEFAULT_USAGE_LIMITS.quizzes,
    });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [crypto.randomUUID(), 'not-an-id']) {
      expect((await roles.admin.send(getAdminAccountEndpoint, { params: { id } })).statusCode).toBe(404);
    }
  });

  it('is for admins only', async () => {
    await expectAdminsOnly(t, roles, getAdminAccountEndpoint, { params: { id: roles.plain.accountId } });
  });
});

describe('POST /api/admin/accounts', () => {
  it('creates the account, mails its user a set-password link and records it', async () => {
    const mailsBefore = t.outbox().length;
    const answer = await roles.admin.send(createAdminAccountEndpoint, {
      body: {
        name: '  Acme Corp ',
        email: ' New.Owner@ACME.example ',
        isAdmin: false,
        permissions: { ...permissions, proVersion: true, commercialFeatures: true },
      },
    });
    expect(answer.statusCode).toBe(201);
    const detail = answer.data();
    expect(detail).toMatchObject({
      name: 'Acme Corp',
      disabledAt: null,
      permissions: { ...permissions, proVersion: true, commercialFeatures: true },
      users: [{ email: 'New.Owner@acme.example', isAdmin: false, hasPassword: false }],
    });
    const mails = await t.waitForOutbox(mailsBefore + 1);
    const mail = mails.at(-1) ?? '';
    expect(mail).toContain('To: New.Owner@acme.example');
    expect(linkIn(mail, 'set-password').userId).toBe(detail.users[0]?.id);
    expect(await latestAudit()).toMatchObject({
      action: 'account.create',
      adminEmail: roles.admin.email,
      adminUserId: roles.admin.userId,
      accountId: detail.id,
      accountName: 'Acme Corp',
      summary: 'Created account "Acme Corp" for New.Owner@acme.example; Commercial features on, Pro on',
    });
  });

  it('can make the first user an admin', async () => {
    const detail = (
      await roles.admin.send(createAdminAccountEndpoint, {
        body: {
          name: 'Staff',
          email: `staff-${crypto.randomUUID()}@quizbeam.test`,
          isAdmin: true,
          permissions,
        },
      })
    ).data();
    expect(detail.users[0]?.isAdmin).toBe(true);
    expect((await latestAudit())?.summary).toMatch(
      /^Created account "Staff" for staff-.*@quizbeam\.test \(admin\)$/,
    );
  });

  it('refuses an email already in use, in any case, with 409 duplicate and creates nothing', async () => {
    const [before] = await t.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .orderBy(desc(accounts.createdAt))
      .limit(1);
    const answer = await roles.admin.send(createAdminAccountEndpoint, {
      body: { name: 'Copy', email: roles.plain.email.toUpperCase(), permissions },
    });
    expect([answer.statusCode, answer.json()]).toEqual([
      409,
      { code: 'duplicate', error: 'A user with this email already exists.' },
    ]);
    const [after] = await t.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .orderBy(desc(accounts.createdAt))
      .limit(1);
    expect(after?.id).toBe(before?.id);
  });

  it('refuses a bad email, an empty name and missing permissions with 400s naming the field', async () => {
    const send = (body: object) => roles.admin.send(createAdminAccountEndpoint, { body });
    expectFieldError(await send({ name: 'X', email: 'not an email', permissions }), 'email');
    expectFieldError(await send({ name: '   ', email: 'ok@example.com', permissions }), 'name');
    expectFieldError(await send({ name: 'X', email: 'ok@example.com' }), 'permissions');
  });

  it('is for admins only', async () => {
    await expectAdminsOnly(t, roles, createAdminAccountEndpoint, {
      body: { name: 'Sneaky', email: 'sneaky@example.com', permissions },
    });
    const [sneaky] = await t.database.db.select().from(accounts).where(eq(accounts.name, 'Sneaky'));
    expect(sneaky).toBeUndefined();
  });
});

describe('PUT /api/admin/accounts/{id}', () => {
  it('changes name, permissions and limits, replacing the stored limits, and records what changed', async () => {
    const account = await t.createAccount({ name: 'Limits Inc' });
    const update = (body: object) =>
      roles.admin.send(updateAdminAccountEndpoint, { params: { id: account.accountId }, body });
    const first = (
      await update({
        name: 'Limits Inc',
        permissions: { ...permissions, proVersion: true },
        limitOverrides: { quizzes: 20, leadsPerMonth: 30_000, integrations: null },
      })
    ).data();
    expect(first.limitOverrides).toEqual({ quizzes: 20, leadsPerMonth: 30_000 });
    expect(first.permissions.proVersion).toBe(true);
    expect(first.usage.find((line) => line.key === 'quizzes')?.limit).toBe(20);
    expect(await latestAudit()).toMatchObject({
      action: 'account.update',
      accountId: account.accountId,
      accountName: 'Limits Inc',
      summary: 'Changed limits: Quizzes 500 → 20, Leads this month 25,000 → 30,000; Pro on',
      details: {
        before: { name: 'Limits Inc', limitOverrides: {}, permissions },
        after: {
          name: 'Limits Inc',
          limitOverrides: { quizzes: 20, leadsPerMonth: 30_000 },
          permissions: { ...permissions, proVersion: true },
        },
      },
    });

    const second = (
      await update({
        name: 'Limits Renamed',
        permissions,
        limitOverrides: { leadsPerMonth: 30_000, customDomains: 0 },
      })
    ).data();
    expect(second).toMatchObject({
      name: 'Limits Renamed',
      limitOverrides: { leadsPerMonth: 30_000, customDomains: 0 },
    });
    expect(second.usage.find((line) => line.key === 'quizzes')?.limit).toBe(DEFAULT_USAGE_LIMITS.quizzes);
    expect((await latestAudit())?.summary).toBe(
      'Renamed "Limits Inc" → "Limits Renamed"; Changed limits: Quizzes 20 → 500 (default), Custom domains 10 → 0; Pro off',
    );

    await update({
      name: 'Limits Renamed',
      permissions,
      limitOverrides: { leadsPerMonth: 30_000, customDomains: 0 },
    });
    expect((await latestAudit())?.summary).toBe('Saved without changes');
  });

  it('refuses limits below zero or not whole, naming the field, and changes nothing', async () => {
    const account = await t.createAccount({ name: 'Untouched' });
    const update = (limitOverrides: object) =>
      roles.admin.send(updateAdminAccountEndpoint, {
        params: { id: account.accountId },
        body: { name: 'Changed', permissions, limitOverrides },
      });
    const below = await update({ quizzes: -1 });
    expectFieldError(below, 'limitOverrides/quizzes');
    expect((below.json() as { error: string }).error).toContain('A limit cannot be below zero.');
    expectFieldError(await update({ leadsPerMonth: 2.5 }), 'limitOverrides/leadsPerMonth');
    expectFieldError(await update({ notALimit: 3 }), 'limitOverrides');
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, account.accountId));
    expect(row?.name).toBe('Untouched');
  });

  it('answers 404 for an unknown account', async () => {
    const answer = await roles.admin.send(updateAdminAccountEndpoint, {
      params: { id: crypto.randomUUID() },
      body: { name: 'Ghost', permissions, limitOverrides: {} },
    });
    expect(answer.statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    await expectAdminsOnly(t, roles, updateAdminAccountEndpoint, {
      params: { id: roles.plain.accountId },
      body: { name: 'Hijacked', permissions: { ...permissions, proVersion: true }, limitOverrides: {} },
    });
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, roles.plain.accountId));
    expect(row?.proVersion).toBe(false);
  });
});

describe('GET /api/admin/audit-log', () => {
  it('lists entries newest first and filters by account', async () => {
    const account = await t.createAccount({ name: 'Audited' });
    for (const quizzes of [1, 2, 3]) {
      await roles.admin.send(updateAdminAccountEndpoint, {
        params: { id: account.accountId },
        body: { name: 'Audited', permissions, limitOverrides: { quizzes } },
      });
    }
    const all = (await roles.admin.send(listAuditLogEndpoint)).data();
    expect(all.entries[0]).toMatchObject({
      action: 'account.update',
      adminEmail: roles.admin.email,
      accountId: account.accountId,
      accountName: 'Audited',
      summary: 'Changed limits: Quizzes 2 → 3',
    });
    const ofAccount = (
      await roles.admin.send(listAuditLogEndpoint, { query: { account: account.accountId } })
    ).data();
    expect(ofAccount.total).toBe(3);
    expect(ofAccount.entries.map((entry) => entry.summary)).toEqual([
      'Changed limits: Quizzes 2 → 3',
      'Changed limits: Quizzes 1 → 2',
      'Changed limits: Quizzes 500 → 1',
    ]);
  });

  it('refuses a bad page or account filter with a 400 naming it', async () => {
    expectFieldError(await roles.admin.send(listAuditLogEndpoint, { query: { page: '0' } }), 'page');
    expectFieldError(await roles.admin.send(listAuditLogEndpoint, { query: { account: 'nope' } }), 'account');
  });

  it('is for admins only', async () => {
    await expectAdminsOnly(t, roles, listAuditLogEndpoint, {});
  });
});
