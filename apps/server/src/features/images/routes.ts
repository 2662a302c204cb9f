import {
  completeImageEndpoint,
  createImageEndpoint,
  deleteImageEndpoint,
  IMAGE_CACHE_MAX_AGE,
  IMAGE_MAX_BYTES,
  IMAGE_SIZE_REQUIRED_MESSAGE,
  IMAGE_TYPE_MESSAGE,
} from '@quizbeam/contracts/images';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { AppError, notFound } from '../../shared/appError';
import type { ImageStorage } from '../../storage/imageStorage';
import { completeImage, deleteImage, recordUploadedOriginal } from './completeImage';
import { accountOfImageKey, contentTypeForFilename, newImageKey } from './imageKeys';
import { reserveImageBytes } from './imageReservations';
import { findImageRecord } from './imageVariantRecords';
import { uploadRoutes } from './uploadRoutes';

const uploadsMessage = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `You have uploaded many images in a short time. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
};
const uploadLimitKey = (step: 'create' | 'complete', accountId: string) =>
  `image-${step}:account:${accountId}`;

/**
 * `image/create` hands the builder a URL to PUT the file to (S3 presigned, or the app's own signed
 * /uploads/ URL on local disk) and the fields of the quiz's Image object; `image/complete` then makes its
 * resized variants; `image/delete` removes one with its variants.
 * Only the signed-in user's own account is served; any other account id is a 404.
 */
export function imageRoutes(context: AppContext, storage: ImageStorage): FastifyPluginAsyncZod {
  const { config, db, limiter, rateLimits } = context;
  const services = { db, storage };
  return async (app) => {
    registerEndpoint(app, context, createImageEndpoint, async ({ me, body }) => {
      const { filename, width, height, size } = body;
      const contentType = contentTypeForFilename(filename);
      if (!contentType) throw new AppError('validation_failed', IMAGE_TYPE_MESSAGE);
      if (storage.driver === 's3' && size === undefined) {
        throw new AppError('validation_failed', IMAGE_SIZE_REQUIRED_MESSAGE);
      }
      await limiter.hit(
        [{ key: uploadLimitKey('create', me.account.id), limit: rateLimits.imageUploadsPerAccount }],
        uploadsMessage,
      );
      const key = newImageKey(me.account.id, filename);
      await reserveImageBytes(db, config, {
        accountId: me.account.id,
        s3Key: key.s3Key,
        bytes: size ?? IMAGE_MAX_BYTES,
      });
      const cacheControl = `max-age=${IMAGE_CACHE_MAX_AGE}`;
      const preSignedUrl = await storage.presignUpload({
        s3Key: key.s3Key,
        contentType,
        cacheControl,
        contentLength: size,
      });
      return {
        preSignedUrl,
        accountId: me.account.id,
        s3Key: key.s3Key,
        url: storage.publicUrl(key.s3Key),
        id: key.id,
        filename: key.filename,
        uploadHeaders: { 'Content-Type': contentType, 'Cache-Control': cacheControl },
        width: width ?? null,
        height: height ?? null,
      };
    });

    registerEndpoint(app, context, completeImageEndpoint, async ({ me, body }) => {
      await limiter.hit(
        [{ key: uploadLimitKey('complete', me.account.id), limit: rateLimits.imageUploadsPerAccount }],
        uploadsMessage,
      );
      return completeImage(services, me.account.id, body.s3Key);
    });

    registerEndpoint(app, context, deleteImageEndpoint, async ({ me, body }) => {
      const { s3Key } = body;
      if (accountOfImageKey(s3Key) !== me.account.id) throw notFound();
      await deleteImage(services, s3Key);
      return { ok: true as const };
    });

    if (storage.driver === 'local') {
      await app.register(
        uploadRoutes(context, storage, {
          isIssued: async (s3Key) => (await findImageRecord(db, s3Key)) !== null,
          onStored: (s3Key, bytes) => recordUploadedOriginal(services, s3Key, bytes),
        }),
      );
    }
  };
}
