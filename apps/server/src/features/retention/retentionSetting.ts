import type { RetentionSetting } from '@quizbeam/contracts/retention';
import type { Database } from '@quizbeam/db/database';
import { accounts } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { notFound } from '../../shared/appError';

/** The account's retention period (null: kept forever). */
export async function readRetention(db: Database, accountId: string): Promise<RetentionSetting> {
  const [row] = await db
    .select({ retentionDays: accounts.retentionDays })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw notFound();
  return { retentionDays: row.retentionDays };
}

/** Sets it; the next nightly run deletes what is older. */
export async function saveRetention(
  db: Database,
  accountId: string,
  setting: RetentionSetting,
): Promise<RetentionSetting> {
  const [row] = await db
    .update(accounts)
    .set({ retentionDays: setting.retentionDays })
    .where(eq(accounts.id, accountId))
    .returning({ retentionDays: accounts.retentionDays });
  if (!row) throw notFound();
  return { retentionDays: row.retentionDays };
}
