import {
  LEADS_CHALLENGE_FILE_TOO_LARGE_MESSAGE,
  LEADS_CHALLENGE_MAX_BYTES,
  leadsChallengeUploadPath,
  leadsChallengeUploadSchema,
} from '@quizbeam/contracts/leadsChallenge';
import type { FastifyRequest } from 'fastify';
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
 * applies as to every write. Counted while it arrives: past LEADS_CHALLENGE_MAX_BYTES it is a 413.
 */
export function leadsChallengeUploadRoute(context: AppContext, storage: ImageStorage): FastifyPluginAsyncZod {
  return async (app) => {
    // In this plugin only: the body is the raw file whatever its Content-Type says.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (request, payload, done) => {
      if (Number(request.headers['content-length'] ?? 0) > LEADS_CHALLENGE_MAX_BYTES) {
        payload.resume();
        return done(tooLarge(), undefined);
      }
      const chunks: Buffer[] = [];
      let received = 0;
      let settled = false;
      const settle = (error: Error | null, body?: Buffer) => {
        if (settled) return;
        settled = true;
        done(error, body);
      };
      payload.on('data', (chunk: Buffer) => {
        if (settled) return; // past the cap: drain and drop the rest
        received += chunk.length;
        if (received > LEADS_CHALLENGE_MAX_BYTES) {
          chunks.length = 0;
          settle(tooLarge());
        } else chunks.push(chunk);
      });
      payload.on('end', () => settle(null, Buffer.concat(chunks)));
      payload.on('error', (error) => settle(error));
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
