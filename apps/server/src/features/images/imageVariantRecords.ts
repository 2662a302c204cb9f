import type { Database } from '@quizbeam/db/database';
import { images } from '@quizbeam/db/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';

/** A variant as the images row keeps it: its URL is made from its key when answered, never stored. */
const storedVariantSchema = z.object({
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  type: z.enum(['image/webp', 'image/jpeg', 'image/png']),
  bytes: z.number().int().min(0),
});
export type StoredVariant = z.infer<typeof storedVariantSchema>;
const storedVariantsSchema = z.array(storedVariantSchema);

export interface ImageRecord {
  accountId: string;
  /** null until `image/complete` measured the image and made its variants. */
  size: { width: number; height: number } | null;
  variants: StoredVariant[];
}

/** The row `image/create` wrote for a key, with what `image/complete` added; null when there is none. */
export async function findImageRecord(db: Database, s3Key: string): Promise<ImageRecord | null> {
  const [row] = await db
    .select({
      accountId: images.accountId,
      width: images.width,
      height: images.height,
      variants: images.variants,
    })
    .from(images)
    .where(eq(images.s3Key, s3Key));
  if (!row) return null;
  const { width, height } = row;
  return {
    accountId: row.accountId,
    size: width !== null && height !== null ? { width, height } : null,
    variants: storedVariantsSchema.catch([]).parse(row.variants),
  };
}

/**
 * Records the image's size and variants, adding the variants' bytes to the row's so the account's quota
 * counts them. Only the first completion writes (false for any later one, or when the image was deleted
 * meanwhile), so the bytes are never added twice.
 */
export async function recordImageVariants(
  db: Database,
  s3Key: string,
  made: { width: number; height: number; variants: StoredVariant[] },
): Promise<boolean> {
  const added = made.variants.reduce((sum, variant) => sum + variant.bytes, 0);
  const updated = await db
    .update(images)
    .set({
      width: made.width,
      height: made.height,
      variants: made.variants,
      bytes: sql`${images.bytes} + ${added}`,
    })
    .where(and(eq(images.s3Key, s3Key), isNull(images.width)))
    .returning({ s3Key: images.s3Key });
  return updated.length > 0;
}

/**
 * A new upload over the same key (local storage, within the link's lifetime): the row counts the new file
 * alone and forgets the old variants, which `image/complete` makes again. Answers the forgotten ones, whose
 * files the caller removes.
 */
export async function recordReplacedOriginal(
  db: Database,
  s3Key: string,
  bytes: number,
): Promise<StoredVariant[]> {
  const previous = await findImageRecord(db, s3Key);
  await db
    .update(images)
    .set({ bytes, width: null, height: null, variants: [] })
    .where(eq(images.s3Key, s3Key));
  return previous?.variants ?? [];
}
