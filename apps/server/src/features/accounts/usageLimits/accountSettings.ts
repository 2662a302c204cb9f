import type { AccountSettings } from '@quizbeam/contracts/account';
import type { Database } from '@quizbeam/db/database';
import { accounts } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import type { Config } from '../../../config/env';
import { notFound } from '../../../shared/appError';
import { accountUsage } from './accountUsage';

/** The Account page: the powered-by badge default and every usage limit with its usage. */
export async function accountSettings(
  db: Database,
  config: Pick<Config, 'imageQuotaBytes'>,
  accountId: string,
): Promise<AccountSettings> {
  const [row] = await db
    .select({ showPoweredByBadge: accounts.showPoweredByBadge })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw notFound();
  return { showPoweredByBadge: row.showPoweredByBadge, usage: await accountUsage(db, config, accountId) };
}

/**
 * Saves the badge default. Quizzes whose own setting is null take it at their next Publish or Republish
 * (the snapshot records the badge as it was then), so live pages do not change under the marketer.
 */
export async function saveShowPoweredByBadge(
  db: Database,
  accountId: string,
  showPoweredByBadge: boolean,
): Promise<void> {
  const updated = await db
    .update(accounts)
    .set({ showPoweredByBadge })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id });
  if (updated.length === 0) throw notFound();
}
