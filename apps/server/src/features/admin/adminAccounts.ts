import { type UsageLimitKey, type UsageLimitOverrides, usageLimitKeys } from '@quizbeam/contracts/account';
import {
  ADMIN_ACCOUNTS_PAGE_SIZE,
  type AdminAccountDetail,
  type AdminAccountPage,
} from '@quizbeam/contracts/admin';
import type { Permissions } from '@quizbeam/contracts/auth';
import type { Database } from '@quizbeam/db/database';
import { accounts, quizzes, users } from '@quizbeam/db/schema';
import { asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config/env';
import { notFound } from '../../shared/appError';
import { accountUsage } from '../accounts/usageLimits/accountUsage';
import { defaultLimit, limitOverridesOf } from '../accounts/usageLimits/effectiveLimits';

type AccountRow = typeof accounts.$inferSelect;

/** Only the limits with a number: null or absent both mean the default, so neither is kept. */
export function onlySetLimits(overrides: UsageLimitOverrides): UsageLimitOverrides {
  const set: UsageLimitOverrides = {};
  for (const key of usageLimitKeys) {
    const value = overrides[key];
    if (typeof value === 'number') set[key] = value;
  }
  return set;
}

export const permissionsOf = (account: AccountRow): Permissions => ({
  isLimited: account.isLimited,
  commercialFeatures: account.commercialFeatures,
  extraTemplates: account.extraTemplates,
  proVersion: account.proVersion,
});

/** Case-insensitive "contains" without LIKE, so `%` and `_` in the search are plain characters. */
const contains = (column: typeof accounts.name | typeof users.email, search: string) =>
  sql`strpos(lower(${column}), lower(${search})) > 0`;

function searchFilter(db: Database, search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const byEmail = db.select({ id: users.accountId }).from(users).where(contains(users.email, search));
  return or(contains(accounts.name, search), inArray(accounts.id, byEmail));
}

/** Accounts newest first, ADMIN_ACCOUNTS_PAGE_SIZE a page, matching the search in their name or any user's email. */
export async function listAdminAccounts(
  db: Database,
  { search, page }: { search?: string | undefined; page: number },
): Promise<AdminAccountPage> {
  const filter = searchFilter(db, search);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(accounts)
      .where(filter)
      .orderBy(desc(accounts.createdAt), desc(accounts.id))
      .limit(ADMIN_ACCOUNTS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_ACCOUNTS_PAGE_SIZE),
    db.select({ total: count() }).from(accounts).where(filter),
  ]);
  const ids = rows.map((account) => account.id);
  const [emails, quizCounts] = await Promise.all([emailsOf(db, ids), quizCountsOf(db, ids)]);
  return {
    accounts: rows.map((account) => ({
      id: account.id,
      name: account.name,
      createdAt: account.createdAt.toISOString(),
      disabledAt: account.disabledAt?.toISOString() ?? null,
      permissions: permissionsOf(account),
      emails: emails.get(account.id) ?? [],
      quizCount: quizCounts.get(account.id) ?? 0,
    })),
    total: counted?.total ?? 0,
    page,
    pageSize: ADMIN_ACCOUNTS_PAGE_SIZE,
  };
}

async function emailsOf(db: Database, accountIds: string[]): Promise<Map<string, string[]>> {
  const byAccount = new Map<string, string[]>();
  if (accountIds.length === 0) return byAccount;
  const rows = await db
    .select({ accountId: users.accountId, email: users.email })
    .from(users)
    .where(inArray(users.accountId, accountIds))
    .orderBy(asc(users.createdAt), asc(users.email));
  for (const { accountId, email } of rows) {
    byAccount.set(accountId, [...(byAccount.get(accountId) ?? []), email]);
  }
  return byAccount;
}

async function quizCountsOf(db: Database, accountIds: string[]): Promise<Map<string, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ accountId: quizzes.accountId, quizCount: count() })
    .from(quizzes)
    .where(inArray(quizzes.accountId, accountIds))
    .groupBy(quizzes.accountId);
  return new Map(rows.map((row) => [row.accountId, row.quizCount]));
}

/** The account's row, or a 404. */
export async function findAccount(db: Database, accountId: string): Promise<AccountRow> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw notFound();
  return account;
}

/** An account with its users, permissions, its own limits and every limit with its usage (404 when unknown). */
export async function loadAdminAccountDetail(
  db: Database,
  config: Config,
  accountId: string,
): Promise<AdminAccountDetail> {
  const account = await findAccount(db, accountId);
  const [accountUsers, usage] = await Promise.all([
    db
      .select()
      .from(users)
      .where(eq(users.accountId, accountId))
      .orderBy(asc(users.createdAt), asc(users.email)),
    accountUsage(db, config, accountId),
  ]);
  return {
    id: account.id,
    name: account.name,
    createdAt: account.createdAt.toISOString(),
    disabledAt: account.disabledAt?.toISOString() ?? null,
    permissions: permissionsOf(account),
    limitOverrides: onlySetLimits(limitOverridesOf(account.limitOverrides)),
    defaultLimits: Object.fromEntries(
      usageLimitKeys.map((key) => [key, defaultLimit(key, config)]),
    ) as Record<UsageLimitKey, number>,
    usage,
    users: accountUsers.map((user) => ({
      id: user.id,
      email: user.email,
      isAdmin: user.isAdmin,
      hasPassword: user.passwordHash !== null,
    })),
  };
}
