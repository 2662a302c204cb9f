import { DEFAULT_USAGE_LIMITS, type UsageLimitKey, usageLimitMessage } from '@quizbeam/contracts/account';
import type { Database } from '@quizbeam/db/database';
import { accounts } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { AppError, notFound } from '../../../shared/appError';
import { limitOverridesOf } from './effectiveLimits';
import { usageOf } from './usageCounts';

/**
 * The limits that refuse one more of something. Leads are never refused (past the monthly limit they are
 * stored and the account is told), and image storage is measured in bytes as uploads reserve them.
 */
export type CountedLimitKey = Exclude<UsageLimitKey, 'leadsPerMonth' | 'imageStorageMb'>;

export const usageLimitReached = (key: UsageLimitKey, limit: number) =>
  new AppError('quota_exceeded', usageLimitMessage(key, limit));

/**
 * Refuses (403 `quota_exceeded`) when the account already has as many as its limit allows. Call it inside
 * the transaction that then adds the one more: it locks the account row until that transaction ends, so
 * two additions at once take turns and cannot both take the last place. The lock (FOR NO KEY UPDATE) does
 * not hold up rows that only reference the account, such as leads.
 */
export async function assertWithinUsageLimit(
  tx: Database,
  accountId: string,
  key: CountedLimitKey,
): Promise<void> {
  const [account] = await tx
    .select({ limitOverrides: accounts.limitOverrides })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('no key update');
  if (!account) throw notFound();
  const limit = limitOverridesOf(account.limitOverrides)[key] ?? DEFAULT_USAGE_LIMITS[key];
  if ((await usageOf(tx, key, accountId)) >= limit) throw usageLimitReached(key, limit);
}
