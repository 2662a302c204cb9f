import { errorBodySchema } from '@quizbeam/contracts/errors';
import {
  completeImageEndpoint,
  createImageEndpoint,
  IMAGE_TYPE_MESSAGE,
  imageFileProblem,
  uploadImageResponseSchema,
} from '@quizbeam/contracts/images';
import type { Image } from '@quizbeam/contracts/quiz';
import { ApiError } from '../../../api/ApiError';
import { trackRequest } from '../../../api/activeRequests';
import { call, callInBackground } from '../../../api/apiClient';

/** A file refused before any call, with the sentence to show. */
export class ImageFileRefused extends Error {}

/** The size of the image, null when the browser cannot measure, 'unreadable' when it is no image at all. */
async function measureInBrowser(
  file: File,
): Promise<{ width: number; height: number } | null | 'unreadable'> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return 'unreadable';
  }
}

/**
 * The resized copies the server makes of the stored file, with its size; null when it could not (the
 * upload still counts: the page then shows the original alone). Quiet, so no error is shown for it.
 */
async function completeUpload(accountId: string, s3Key: string) {
  try {
    return await trackRequest(() =>
      callInBackground(completeImageEndpoint, { params: { account: accountId }, body: { s3Key } }),
    );
  } catch {
    return null;
  }
}

/**
 * The upload flow: ask for a signed URL, PUT the file there with the long cache header, have the server make
 * its resized variants, and return the Image the quiz document keeps. Local storage measures the image on
 * upload; completing it measures it on either storage.
 */
export async function uploadImage(accountId: string, file: File): Promise<Image> {
  const problem = imageFileProblem(file);
  if (problem) throw new ImageFileRefused(problem);
  const measurement = await measureInBrowser(file);
  if (measurement === 'unreadable') throw new ImageFileRefused(IMAGE_TYPE_MESSAGE);
  const measured = measurement;
  const created = await call(createImageEndpoint, {
    params: { account: accountId },
    body: { filename: file.name, size: file.size, ...(measured ?? {}) },
  });
  const uploaded = await trackRequest(() =>
    fetch(created.preSignedUrl, { method: 'PUT', headers: created.uploadHeaders, body: file }),
  );
  if (!uploaded.ok) {
    // Local storage answers our error body (a file that is no image, a stale link); S3 answers XML.
    const refusal = errorBodySchema.safeParse(await uploaded.json().catch(() => null));
    if (refusal.success)
      throw new ApiError(uploaded.status, refusal.data.code, refusal.data.error, refusal.data);
    throw new ApiError(uploaded.status, undefined, `Upload failed with status ${uploaded.status}`);
  }
  const answered = uploadImageResponseSchema.safeParse(await uploaded.json().catch(() => null));
  const completed = await completeUpload(accountId, created.s3Key);
  const size = completed ?? (answered.success ? answered.data : measured);
  return {
    id: created.id,
    accountId: created.accountId,
    filename: created.filename,
    s3Key: created.s3Key,
    url: created.url,
    width: size?.width ?? null,
    height: size?.height ?? null,
    ...(completed && completed.variants.length > 0 && { variants: completed.variants }),
  };
}
