import {
  LEADS_CHALLENGE_FILE_TOO_LARGE_MESSAGE,
  LEADS_CHALLENGE_MAX_BYTES,
  leadsChallengeUploadPath,
  leadsChallengeUploadSchema,
} from '@quizbeam/contracts/leadsChallenge';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { AppError, notFound } from '../../http/appError';
import type { ImageStorage } from '../../storage/imageStorage';
import { requireUser } from '../auth/sessionCookie';
import { checkFileName, FILE_FIELD, sniffContentType } from './leadsChallengeFiles';
import { storeUpload } from './leadsChallengeUploads';

const tooLarge = () =>
  new AppError('too_large', LEADS_CHALLENGE_FILE_TOO_LARGE_MESSAGE, {}, { field: FILE_FIELD });

const fileNameOf = (request: FastifyRequest) =>
  checkFileName((request.query as Record<string, unknown>).filename);

/** Which admin is uploading, kept from the checks before the body to the handler. */
const uploaders = new WeakMap<FastifyRequest, string>();

/**
 * `PUT /api/admin/leads-challenge/files?filename=NAME`: the raw bytes of a Leads Challenge file (any
 * Content-Type; the bytes decide). Admins only (404 for others, 401 signed out); the app's origin check
 * applies as to every write. Past LEADS_CHALLENGE_MAX_BYTES it is a 413.
 */
export function leadsChallengeUploadRoute(context: AppContext, storage: ImageStorage): FastifyPluginAsyncZod {
  return async (app) => {
    // In this plugin only: the body is the raw file whatever its Content-Type says, read by Fastify up to
    // the cap (checked on Content-Length first, then while it arrives).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: LEADS_CHALLENGE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    app.setErrorHandler((error: FastifyError) => {
      throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLarge() : error;
    });

    app.put(
      leadsChallengeUploadPath,
      {
        schema: { response: { 200: leadsChallengeUploadSchema } },
        // Before the body is read, so a refused upload costs nothing.
        onRequest: async (request) => {
          const me = await requireUser(request, context);
          if (!me.isAdmin) throw notFound();
          fileNameOf(request);
          uploaders.set(request, me.userId);
        },
      },
      async (request) => {
        const uploadedBy = uploaders.get(request);
        if (!uploadedBy) throw notFound();
        const { fileName, extension } = fileNameOf(request);
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const contentType = sniffContentType(bytes, extension);
        return storeUpload(storage, { bytes, fileName, extension, contentType, uploadedBy });
      },
    );
  };
}
