import type { AdminAccountDetail, updateAdminAccountBodySchema } from '@quizbeam/contracts/admin';
import type { Me } from '@quizbeam/contracts/auth';
import type { Database } from '@quizbeam/db/database';
import { accounts } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config/env';
import { notFound } from '../../shared/appError';
import { defaultLimit, limitOverridesOf } from '../accounts/usageLimits/effectiveLimits';
import { loadAdminAccountDetail, onlySetLimits, permissionsOf } from './adminAccounts';
import { recordAdminAction } from './auditLog';
import { type AccountSettings, accountUpdatedSummary } from './auditSummaries';

/**
 * Saves an account's name, permissions and own limits. The body's limits replace the stored ones: a key
 * missing or null goes back to the default.
 */
export async function updateAdminAccount(
  deps: { db: Database; config: Config },
  admin: Me,
  accountId: string,
  body: z.output<typeof updateAdminAccountBodySchema>,
): Promise<AdminAccountDetail> {
  const { db, config } = deps;
  await db.transaction(async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
    if (!account) throw notFound();
    const before: AccountSettings = {
      name: account.name,
      permissions: permissionsOf(account),
      limitOverrides: onlySetLimits(limitOverridesOf(account.limitOverrides)),
    };
    const after: AccountSettings = {
      name: body.name,
      permissions: body.permissions,
      limitOverrides: onlySetLimits(body.limitOverrides),
    };
    await tx
      .update(accounts)
      .set({ name: after.name, ...after.permissions, limitOverrides: after.limitOverrides })
      .where(eq(accounts.id, accountId));
    await recordAdminAction(tx, admin, {
      action: 'account.update',
      account: { id: accountId, name: after.name },
      summary: accountUpdatedSummary(before, after, (key) => defaultLimit(key, config)),
      details: { before, after },
    });
  });
  return loadAdminAccountDetail(db, config, accountId);
}
