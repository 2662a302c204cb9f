import { endpoint, fileAnswer } from '@quizbeam/contracts/endpoint';
import {
  IMAGE_CACHE_MAX_AGE,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  uploadImageResponseSchema,
} from '@quizbeam/contracts/images';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { AppError, notFound } from '../../shared/appError';
import { type LocalImageStorage, UPLOADS_ROUTE_PREFIX } from '../../storage/localImageStorage';
import { accountOfImageKey, accountOfStoredImageKey } from './imageKeys';
import { readImageSize } from './readImageSize';

const keyParams = z.object({ '*': z.string() });

/**
 * Local-disk storage's stand-in for S3's presigned PUT: the raw bytes of the image, checked against the
 * signature `image/create` handed out before they are read.
 */
const uploadToLocalStorageEndpoint = endpoint({
  method: 'PUT',
  path: `${UPLOADS_ROUTE_PREFIX}*`,
  access: 'public',
  page: true,
  summary: 'Store an uploaded image on the local disk (the signed address image/create gives)',
  params: keyParams,
  query: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
  bodyFormat: 'bytes',
  maxBodyBytes: IMAGE_MAX_BYTES,
  response: uploadImageResponseSchema,
});

/** A stored image or one of its resized copies, public: published quizzes show them to visitors. */
const localStorageFileEndpoint = endpoint({
  method: 'GET',
  path: `${UPLOADS_ROUTE_PREFIX}*`,
  access: 'public',
  page: true,
  summary: 'An image kept on the local disk',
  params: keyParams,
  response: fileAnswer,
});

/**
 * Only keys `image/create` could have issued (uploads), or those and their variants (reads); anything else
 * (including `.json` sidecars) is a 404.
 */
function keyOf(request: FastifyRequest, accountOf = accountOfImageKey): string {
  const key = (request.params as { '*': string })['*'];
  if (!accountOf(key)) throw notFound();
  return key;
}

/**
 * Local-disk storage's stand-in for S3: the signed PUT that `image/create` hands out, and public
 * GETs of the stored files (published quizzes show them to visitors without a session).
 */
export function uploadRoutes(
  context: AppContext,
  storage: LocalImageStorage,
  callbacks: {
    /** Whether `image/create` issued the key and the image was not deleted since. */
    isIssued: (s3Key: string) => Promise<boolean>;
    onStored: (s3Key: string, bytes: number) => Promise<void>;
  },
): FastifyPluginAsyncZod {
  const { isIssued, onStored } = callbacks;
  return async (app) => {
    registerEndpoint(
      app,
      context,
      uploadToLocalStorageEndpoint,
      async ({ request }) => {
        const key = keyOf(request);
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const size = readImageSize(bytes);
        if (!size) throw new AppError('validation_failed', IMAGE_TYPE_MESSAGE);
        await storage.save(key, bytes, size);
        await onStored(key, bytes.length);
        return { width: size.width, height: size.height };
      },
      {
        beforeBody: async ({ request }) => {
          // The query is not validated yet: a repeated parameter arrives as an array.
          const { expires, signature } = request.query as Record<string, unknown>;
          const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
          const check = storage.checkUpload(keyOf(request), text(expires), text(signature));
          if (check === 'expired') {
            throw new AppError(
              'validation_failed',
              'This upload link has expired. Please upload the image again.',
            );
          }
          if (check !== 'valid') throw new AppError('validation_failed', 'This upload link is not valid.');
          // A deleted image's link stays signed until it expires, but stores nothing: its bytes are no longer
          // counted against the account's storage.
          if (!(await isIssued(keyOf(request)))) {
            throw new AppError('validation_failed', 'This upload link is not valid.');
          }
        },
        tooLarge: () => new AppError('validation_failed', IMAGE_TOO_LARGE_MESSAGE),
      },
    );

    registerEndpoint(app, context, localStorageFileEndpoint, async ({ request, reply }) => {
      const stored = await storage.open(keyOf(request, accountOfStoredImageKey));
      if (!stored) throw notFound();
      return reply
        .type(stored.info.contentType)
        .headers({
          'content-length': String(stored.info.size),
          'cache-control': `public, max-age=${IMAGE_CACHE_MAX_AGE}`,
          'x-content-type-options': 'nosniff',
          // Shown by published quizzes on the publish origin; a stored file is never a document.
          'cross-origin-resource-policy': 'cross-origin',
          'content-security-policy': "default-src 'none'; sandbox",
        })
        .send(stored.stream);
    });
  };
}
