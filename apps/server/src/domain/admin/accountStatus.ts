import type { AdminAccountDetail } from '@quizbeam/contracts/admin';
import type { Me } from '@quizbeam/contracts/auth';
import type { Database } from '@quizbeam/db/database';
import { accounts } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config/env';
import { AppError, notFound } from '../../http/appError';
import type { PublishedSite } from '../../modules/publishedSite/publishedSite';
import { afterAccountStatusChange } from '../accountStatus/afterAccountStatusChange';
import { loadAdminAccountDetail } from './adminAccounts';
import { recordAdminAction } from './auditLog';
import { accountStatusSummary } from './auditSummaries';

export const OWN_ACCOUNT_DISABLE_MESSAGE = 'You cannot disable your own account.';

/**
 * Disables or enables an account (nothing is deleted). Asking for the state it is already in changes
 * nothing and records nothing.
 */
export async function setAccountDisabled(
  deps: { db: Database; config: Config; site: PublishedSite },
  admin: Me,
  accountId: string,
  disabled: boolean,
): Promise<AdminAccountDetail> {
  const { db, config, site } = deps;
  if (disabled && admin.account.id === accountId) {
    throw new AppError('validation_failed', OWN_ACCOUNT_DISABLE_MESSAGE);
  }
  await db.transaction(async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
    if (!account) throw notFound();
    if ((account.disabledAt !== null) === disabled) return;
    const disabledAt = disabled ? new Date() : null;
    await tx.update(accounts).set({ disabledAt }).where(eq(accounts.id, accountId));
    await recordAdminAction(tx, admin, {
      action: disabled ? 'account.disable' : 'account.enable',
      account: { id: accountId, name: account.name },
      summary: accountStatusSummary(account.name, disabled),
      details: {
        before: { disabledAt: account.disabledAt?.toISOString() ?? null },
        after: { disabledAt: disabledAt?.toISOString() ?? null },
      },
    });
  });
  // Also when nothing changed here: it only brings this process's caches and sessions in line.
  await afterAccountStatusChange({ db, site }, accountId);
  return loadAdminAccountDetail(db, config, accountId);
}
