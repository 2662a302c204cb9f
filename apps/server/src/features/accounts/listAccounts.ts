import type { Database } from '@quizbeam/db/database';
import { accounts, users } from '@quizbeam/db/schema';
import { asc, eq } from 'drizzle-orm';

export interface AccountSummary {
  id: string;
  name: string;
  createdAt: string;
  permissions: {
    isLimited: boolean;
    commercialFeatures: boolean;
    extraTemplates: boolean;
    proVersion: boolean;
  };
  users: { id: string; email: string; isAdmin: boolean; hasPassword: boolean }[];
}

export async function listAccounts(db: Database): Promise<AccountSummary[]> {
  const rows = await db
    .select({ account: accounts, user: users })
    .from(accounts)
    .leftJoin(users, eq(users.accountId, accounts.id))
    .orderBy(asc(accounts.createdAt), asc(users.createdAt));
  const byId = new Map<string, AccountSummary>();
  for (const { account, user } of rows) {
    let summary = byId.get(account.id);
    if (!summary) {
      summary = {
        id: account.id,
        name: account.name,
        createdAt: account.createdAt.toISOString(),
        permissions: {
          isLimited: account.isLimited,
          commercialFeatures: account.commercialFeatures,
          extraTemplates: account.extraTemplates,
          proVersion: account.proVersion,
        },
        users: [],
      };
      byId.set(account.id, summary);
    }
    if (user) {
      summary.users.push({
        id: user.id,
        email: user.email,
        isAdmin: user.isAdmin,
        hasPassword: !!user.passwordHash,
      });
    }
  }
  return [...byId.values()];
}
