import {
  type CompleteImageResponse,
  completeImageEndpoint,
  createImageEndpoint,
} from '@quizbeam/contracts/images';
import type { ImageVariant } from '@quizbeam/contracts/quiz';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/ApiError';
import { getActiveRequestCount } from '../../../api/activeRequests';
import { answerWith, jsonResponse, on, receivedCalls, routeFetch } from '../../../test/fakeServer';
import { uploadImage } from './uploadImage';

const s3Key = 'accounts/account-1/images/image-1/photo.jpg';
const created = {
  preSignedUrl: `/uploads/${s3Key}?expires=1&signature=s`,
  accountId: 'account-1',
  s3Key,
  url: `/uploads/${s3Key}`,
  id: 'image-1',
  filename: 'photo.jpg',
  uploadHeaders: { 'Content-Type': 'image/jpeg' as const, 'Cache-Control': 'max-age=2419200' },
  width: null,
  height: null,
};
const variants: ImageVariant[] = [
  { width: 640, height: 427, type: 'image/webp', url: `/uploads/${s3Key}.w640.webp` },
  { width: 640, height: 427, type: 'image/jpeg', url: `/uploads/${s3Key}.w640.jpg` },
];
const photo = () => new File([new Uint8Array(2000)], 'photo.jpg', { type: 'image/jpeg' });

/** The API's fake with the given answer to `image/complete`, and the storage's answer to the PUT. */
function serve(
  complete: CompleteImageResponse | ReturnType<typeof answerWith>,
  put = jsonResponse(200, { width: 2400, height: 1600 }),
) {
  const api = routeFetch([
    on(createImageEndpoint, created, { account: 'account-1' }),
    on(completeImageEndpoint, complete, { account: 'account-1' }),
  ]);
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    url.startsWith('/uploads/') && init?.method === 'PUT' ? put : api(url, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('uploading an image', () => {
  it('puts the file, completes it and returns the Image with its variants and size', async () => {
    const fetchMock = serve({ width: 1600, height: 2400, variants });
    const image = await uploadImage('account-1', photo());
    expect(image).toEqual({
      id: 'image-1',
      accountId: 'account-1',
      filename: 'photo.jpg',
      s3Key,
      url: `/uploads/${s3Key}`,
      width: 1600,
      height: 2400,
      variants,
    });
    expect(receivedCalls(fetchMock).map((call) => call.route)).toEqual([
      'POST /accounts/account-1/image/create',
      `PUT ${created.preSignedUrl}`,
      'POST /accounts/account-1/image/complete',
    ]);
    expect(receivedCalls(fetchMock)[2]?.body).toEqual({ s3Key });
    expect(getActiveRequestCount()).toBe(0);
  });

  it('still counts the upload, without variants, when completing it fails', async () => {
    serve(answerWith(400, { error: 'We could not read that image.', code: 'validation_failed' }));
    const image = await uploadImage('account-1', photo());
    expect(image).toMatchObject({ s3Key, width: 2400, height: 1600 });
    expect(image).not.toHaveProperty('variants');

    serve(answerWith(503, { error: 'Busy.', code: 'busy' }));
    expect(await uploadImage('account-1', photo())).not.toHaveProperty('variants');
  });

  it('does not complete an upload the storage refused', async () => {
    const fetchMock = serve(
      { width: 1, height: 1, variants },
      jsonResponse(400, { error: 'This upload link has expired.', code: 'validation_failed' }),
    );
    await expect(uploadImage('account-1', photo())).rejects.toBeInstanceOf(ApiError);
    const routes = receivedCalls(fetchMock).map((call) => call.route);
    expect(routes).not.toContain('POST /accounts/account-1/image/complete');
  });
});
