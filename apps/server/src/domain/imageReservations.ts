import type { Database } from '@quizbeam/db/database';
import { accounts, images } from '@quizbeam/db/schema';
import { eq, sql } from 'drizzle-orm';

/**
 * Counts an upload against the account's image storage before its link is handed out: refused (false)
 * when the account's images and this one would exceed `quotaBytes`. The account row is locked meanwhile,
 * so two uploads at once cannot both take the last room.
 */
export async function reserveImageBytes(
  db: Database,
  reservation: { accountId: string; s3Key: string; bytes: number; quotaBytes: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.id, reservation.accountId))
      .for('update');
    const [used] = await tx
      .select({ bytes: sql<number>`coalesce(sum(${images.bytes}), 0)::bigint` })
      .from(images)
      .where(eq(images.accountId, reservation.accountId));
    if (Number(used?.bytes ?? 0) + reservation.bytes > reservation.quotaBytes) return false;
    await tx
      .insert(images)
      .values({ s3Key: reservation.s3Key, accountId: reservation.accountId, bytes: reservation.bytes });
    return true;
  });
}

/** The stored file's real size, once the upload is measured (local disk). */
export async function recordStoredImageBytes(db: Database, s3Key: string, bytes: number): Promise<void> {
  await db.update(images).set({ bytes }).where(eq(images.s3Key, s3Key));
}

export async function releaseImageBytes(db: Database, s3Key: string): Promise<void> {
  await db.delete(images).where(eq(images.s3Key, s3Key));
}
