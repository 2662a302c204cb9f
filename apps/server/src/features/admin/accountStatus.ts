import type { AdminAccountDetail } from '@quizbeam/contracts/admin';
import type { Me } from '@quizbeam/contracts/auth';
import type { Database } from '@quizbeam/db/database';
import { accounts } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config/env';
import { AppError, notFound } from '../../shared/appError';
import type { SiteChangeAnnouncer } from '../../shared/siteChangeAnnouncer';
import { endAccountSessions } from '../accounts/endAccountSessions';
import { loadAdminAccountDetail } from './adminAccounts';
import { recordAdminAction } from './auditLog';
import { accountStatusSummary } from './auditSummaries';

export const OWN_ACCOUNT_DISABLE_MESSAGE = 'You cannot disable your own account.';

export interface SetAccountDisabledDeps {
  db: Database;
  config: Config;
  siteChanges: SiteChangeAnnouncer;
}

/**
 * Disables or enables an account (nothing is deleted), with its audit entry; a disabled account's users
 * lose their sessions in the same transaction. Once committed, every server process stops serving (or
 * serves again) the account's published pages and visitor calls at once, instead of after its caches' few
 * seconds. Asking for the state it is already in changes nothing and records nothing.
 */
export async function setAccountDisabled(
  deps: SetAccountDisabledDeps,
  admin: Me,
  accountId: string,
  disabled: boolean,
): Promise<AdminAccountDetail> {
  const { db, config, siteChanges } = deps;
  if (disabled && admin.account.id === accountId) {
    throw new AppError('validation_failed', OWN_ACCOUNT_DISABLE_MESSAGE);
  }
  await db.transaction(async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
    if (!account) throw notFound();
    // Also when it is in that state already: sessions and caches are brought in line either way.
    if (disabled) await endAccountSessions(tx, accountId);
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
  await siteChanges.announce({ kind: 'accountStatusChanged', accountId });
  return loadAdminAccountDetail(db, config, accountId);
}
