import { type CompleteImageResponse, IMAGE_TOO_LARGE_MESSAGE } from '@quizbeam/contracts/images';
import type { Database } from '@quizbeam/db/database';
import Bottleneck from 'bottleneck';
import { AppError, notFound } from '../../shared/appError';
import { type ImageStorage, StoredImageTooLarge } from '../../storage/imageStorage';
import { accountOfImageKey, variantKey } from './imageKeys';
import { releaseImageBytes } from './imageReservations';
import {
  findImageRecord,
  recordImageVariants,
  recordReplacedOriginal,
  type StoredVariant,
} from './imageVariantRecords';
import { makeImageVariants, RESIZE_JOBS_AT_ONCE } from './makeImageVariants';

export interface ImageServices {
  db: Database;
  storage: ImageStorage;
}

/**
 * One per process: resizing is CPU work, so jobs beyond the cores wait their turn, and past 100 waiting (each
 * holds its original's bytes) a new one is refused rather than piling up memory.
 */
const resizeQueue = new Bottleneck({
  maxConcurrent: RESIZE_JOBS_AT_ONCE,
  highWater: 100,
  strategy: Bottleneck.strategy.OVERFLOW,
});
/** Completions under way by key, so a repeated call while one runs waits for it instead of resizing again. */
const inFlight = new Map<string, Promise<CompleteImageResponse>>();

const BUSY_MESSAGE = 'The server is busy preparing other images. Please try again in a minute.';

function answer(
  storage: ImageStorage,
  s3Key: string,
  size: { width: number; height: number },
  variants: StoredVariant[],
): CompleteImageResponse {
  return {
    ...size,
    variants: variants.map(({ width, height, type }) => ({
      width,
      height,
      type,
      url: storage.publicUrl(variantKey(s3Key, width, type)),
    })),
  };
}

async function removeVariantFiles(storage: ImageStorage, s3Key: string, variants: StoredVariant[]) {
  for (const { width, type } of variants) await storage.remove(variantKey(s3Key, width, type));
}

async function readOriginal(storage: ImageStorage, s3Key: string): Promise<Buffer> {
  const original = await storage.read(s3Key).catch((error: unknown) => {
    if (error instanceof StoredImageTooLarge)
      throw new AppError('validation_failed', IMAGE_TOO_LARGE_MESSAGE);
    throw error;
  });
  if (!original) throw notFound(); // not uploaded yet, or deleted
  return original;
}

async function makeAndRecord({ db, storage }: ImageServices, s3Key: string): Promise<CompleteImageResponse> {
  const original = await readOriginal(storage, s3Key);
  const made = await resizeQueue
    .schedule(() => makeImageVariants(original))
    .catch((error: unknown) => {
      if (error instanceof Bottleneck.BottleneckError) {
        throw new AppError('busy', BUSY_MESSAGE, { 'retry-after': '60' });
      }
      throw error;
    });
  for (const variant of made.variants) {
    await storage.write(variantKey(s3Key, variant.width, variant.type), {
      ...variant,
      contentType: variant.type,
    });
  }
  const variants = made.variants.map(({ width, height, type, bytes }) => ({
    width,
    height,
    type,
    bytes: bytes.length,
  }));
  if (await recordImageVariants(db, s3Key, { width: made.width, height: made.height, variants })) {
    return answer(storage, s3Key, made, variants);
  }
  // Another process completed it first (same files, already counted), or the image was deleted meanwhile.
  const record = await findImageRecord(db, s3Key);
  if (record?.size) return answer(storage, s3Key, record.size, record.variants);
  await removeVariantFiles(storage, s3Key, variants);
  throw notFound();
}

/**
 * `image/complete`: the uploaded image's size and responsive variants, made once and stored beside it (a
 * repeat answers the recorded ones). 404 for a key of another account, one never issued, or one whose file
 * is not uploaded yet; 400 for a file that is no image we can decode.
 */
export async function completeImage(
  services: ImageServices,
  accountId: string,
  s3Key: string,
): Promise<CompleteImageResponse> {
  if (accountOfImageKey(s3Key) !== accountId) throw notFound();
  const record = await findImageRecord(services.db, s3Key);
  if (!record || record.accountId !== accountId) throw notFound();
  if (record.size) return answer(services.storage, s3Key, record.size, record.variants);
  let pending = inFlight.get(s3Key);
  if (!pending) {
    pending = makeAndRecord(services, s3Key).finally(() => inFlight.delete(s3Key));
    inFlight.set(s3Key, pending);
  }
  return pending;
}

/** `image/delete`: the variants, then the image, then its row (so a retry after a failure finds them). */
export async function deleteImage({ db, storage }: ImageServices, s3Key: string): Promise<void> {
  const record = await findImageRecord(db, s3Key);
  await removeVariantFiles(storage, s3Key, record?.variants ?? []);
  await storage.remove(s3Key);
  await releaseImageBytes(db, s3Key);
}

/** A local upload stored over the key: count the new file, and drop variants made from the old one. */
export async function recordUploadedOriginal(
  { db, storage }: ImageServices,
  s3Key: string,
  bytes: number,
): Promise<void> {
  const replaced = await recordReplacedOriginal(db, s3Key, bytes);
  await removeVariantFiles(storage, s3Key, replaced);
}
