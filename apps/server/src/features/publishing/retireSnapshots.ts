import type { Database } from '@quizbeam/db/database';
import { publishedSnapshots, type SnapshotRetirement } from '@quizbeam/db/schema';
import { inArray } from 'drizzle-orm';

/** Marks snapshots that stopped being live and why: a replaced one still takes visitors for a grace period. */
export async function retireSnapshots(
  db: Database,
  snapshotIds: string[],
  retiredBy: SnapshotRetirement,
): Promise<void> {
  if (snapshotIds.length === 0) return;
  await db
    .update(publishedSnapshots)
    .set({ retiredAt: new Date(), retiredBy })
    .where(inArray(publishedSnapshots.id, snapshotIds));
}
