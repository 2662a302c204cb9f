import type { Database } from '@quizbeam/db/database';
import { accounts, images } from '@quizbeam/db/schema';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config/env';
import { usageLimitReached } from '../accounts/usageLimits/assertWithinUsageLimit';
import { BYTES_PER_MB, effectiveLimit, limitOverridesOf } from '../accounts/usageLimits/effectiveLimits';

/**
 * Counts an upload against the account's image storage before its link is handed out: refused (403
 * `quota_exceeded`) when the account's images and this one would exceed its imageStorageMb limit (its own,
 * else IMAGE_QUOTA_MB). The account row is locked meanwhile, so two uploads at once cannot both take the
 * last room.
 */
export async function reserveImageBytes(
  db: Database,
  config: Pick<Config, 'imageQuotaBytes'>,
  reservation: { accountId: string; s3Key: string; bytes: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ limitOverrides: accounts.limitOverrides })
      .from(accounts)
      .where(eq(accounts.id, reservation.accountId))
      .for('update');
    const limitMb = effectiveLimit(limitOverridesOf(account?.limitOverrides), 'imageStorageMb', config);
    const [used] = await tx
      .select({ bytes: sql<number>`coalesce(sum(${images.bytes}), 0)::bigint` })
      .from(images)
      .where(eq(images.accountId, reservation.accountId));
    if (Number(used?.bytes ?? 0) + reservation.bytes > limitMb * BYTES_PER_MB) {
      throw usageLimitReached('imageStorageMb', limitMb);
    }
    await tx
      .insert(images)
      .values({ s3Key: reservation.s3Key, accountId: reservation.accountId, bytes: reservation.bytes });
  });
}

/** The stored file's real size, once the upload is measured (local disk). */
export async function recordStoredImageBytes(db: Database, s3Key: string, bytes: number): Promise<void> {
  await db.update(images).set({ bytes }).where(eq(images.s3Key, s3Key));
}

export async function releaseImageBytes(db: Database, s3Key: string): Promise<void> {
  await db.delete(images).where(eq(images.s3Key, s3Key));
}
