import type { AccountSettings } from '@quizbeam/contracts/account';
import type { Permissions } from '@quizbeam/contracts/auth';
import type { Database } from '@quizbeam/db/database';
import { integrationConnections } from '@quizbeam/db/integrationsSchema';
import { accounts, domains, users } from '@quizbeam/db/schema';
import { asc, eq } from 'drizzle-orm';
import type { Config } from '../../../config/env';
import { notFound } from '../../../shared/appError';
import { accountSettings } from '../usageLimits/accountSettings';

/*
 * The small files of an export. Each select names its columns, so that a column added later (a secret, say)
 * never reaches an export by itself.
 */

export interface ExportedAccount {
  id: string;
  name: string;
}

/** The account asked for (404 when there is none), read before anything is sent. */
export async function findExportedAccount(db: Database, accountId: string): Promise<ExportedAccount> {
  const [account] = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw notFound();
  return account;
}

export interface AccountFile {
  exportedAt: string;
  account: {
    id: string;
    name: string;
    createdAt: string;
    disabledAt: string | null;
    permissions: Permissions;
    settings: AccountSettings;
  };
  users: { email: string; role: 'admin' | 'user'; createdAt: string }[];
}

/** `account.json`: the account, its settings and limits, and its users (no password hash, session or code). */
export async function accountFile(
  db: Database,
  config: Pick<Config, 'imageQuotaBytes'>,
  accountId: string,
  exportedAt: Date,
): Promise<AccountFile> {
  const [account] = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      createdAt: accounts.createdAt,
      disabledAt: accounts.disabledAt,
      isLimited: accounts.isLimited,
      commercialFeatures: accounts.commercialFeatures,
      extraTemplates: accounts.extraTemplates,
      proVersion: accounts.proVersion,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw notFound();
  const people = await db
    .select({ email: users.email, isAdmin: users.isAdmin, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.accountId, accountId))
    .orderBy(asc(users.createdAt), asc(users.email));
  return {
    exportedAt: exportedAt.toISOString(),
    account: {
      id: account.id,
      name: account.name,
      createdAt: account.createdAt.toISOString(),
      disabledAt: account.disabledAt?.toISOString() ?? null,
      permissions: {
        isLimited: account.isLimited,
        commercialFeatures: account.commercialFeatures,
        extraTemplates: account.extraTemplates,
        proVersion: account.proVersion,
      },
      settings: await accountSettings(db, config, accountId),
    },
    users: people.map((user) => ({
      email: user.email,
      role: user.isAdmin ? 'admin' : 'user',
      createdAt: user.createdAt.toISOString(),
    })),
  };
}

/** `domains.json`: the account's custom domains. */
export async function domainsFile(db: Database, accountId: string) {
  const rows = await db
    .select({ host: domains.host, createdAt: domains.createdAt })
    .from(domains)
    .where(eq(domains.accountId, accountId))
    .orderBy(asc(domains.host));
  return rows.map((row) => ({ host: row.host, createdAt: row.createdAt.toISOString() }));
}

/** `integrations.json`: each email service connection's service, name and state; never its credentials. */
export async function integrationsFile(db: Database, accountId: string) {
  const rows = await db
    .select({
      service: integrationConnections.service,
      name: integrationConnections.displayName,
      state: integrationConnections.state,
      createdAt: integrationConnections.createdAt,
    })
    .from(integrationConnections)
    .where(eq(integrationConnections.accountId, accountId))
    .orderBy(asc(integrationConnections.createdAt), asc(integrationConnections.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
