import {
  type BrowserTracking,
  browserTrackingSchema,
  NO_BROWSER_TRACKING,
} from '@quizbeam/contracts/measurement';
import type { Database } from '@quizbeam/db/database';
import { accounts } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { notFound } from '../../shared/appError';

/**
 * The account's tracking defaults: the tags every quiz that follows the account turns on. The column holds
 * {} until the first save, which (like anything else that is not a whole BrowserTracking) means none.
 */
export async function readTrackingDefaults(db: Database, accountId: string): Promise<BrowserTracking> {
  const [row] = await db
    .select({ trackingDefaults: accounts.trackingDefaults })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw notFound();
  const stored = browserTrackingSchema.safeParse(row.trackingDefaults);
  return stored.success ? stored.data : NO_BROWSER_TRACKING;
}

/** Saves the defaults; published quizzes take them at their next Publish or Republish. */
export async function saveTrackingDefaults(
  db: Database,
  accountId: string,
  tracking: BrowserTracking,
): Promise<BrowserTracking> {
  const updated = await db
    .update(accounts)
    .set({ trackingDefaults: tracking })
    .where(eq(accounts.id, accountId))
    .returning({ trackingDefaults: accounts.trackingDefaults });
  if (updated.length === 0) throw notFound();
  return browserTrackingSchema.parse(updated[0]?.trackingDefaults);
}
