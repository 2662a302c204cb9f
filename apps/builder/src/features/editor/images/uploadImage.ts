import { createImageEndpoint, uploadImageResponseSchema } from '@quizbeam/contracts/images';
import type { Image } from '@quizbeam/contracts/quiz';
import { ApiError } from '../../../api/ApiError';
import { trackRequest } from '../../../api/activeRequests';
import { call } from '../../../api/apiClient';

async function measureInBrowser(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/**
 * The spec's upload flow: ask for a signed URL, PUT the file there with the long cache header, and
 * return the Image the quiz document keeps. Local storage measures the image and answers its size.
 */
export async function uploadImage(accountId: string, file: File): Promise<Image> {
  const measured = await measureInBrowser(file);
  const created = await call(createImageEndpoint, {
    params: { account: accountId },
    body: { filename: file.name, size: file.size, ...(measured ?? {}) },
  });
  const uploaded = await trackRequest(() =>
    fetch(created.preSignedUrl, { method: 'PUT', headers: created.uploadHeaders, body: file }),
  );
  if (!uploaded.ok)
    throw new ApiError(uploaded.status, undefined, `Upload failed with status ${uploaded.status}`);
  const answered = uploadImageResponseSchema.safeParse(await uploaded.json().catch(() => null));
  const size = answered.success ? answered.data : measured;
  return {
    id: created.id,
    accountId: created.accountId,
    filename: created.filename,
    s3Key: created.s3Key,
    url: created.url,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
}
