import {
  LEADS_CHALLENGE_FILE_TOO_LARGE_MESSAGE,
  uploadLeadsChallengeFileEndpoint,
} from '@quizbeam/contracts/leadsChallenge';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { AppError } from '../../shared/appError';
import type { ImageStorage } from '../../storage/imageStorage';
import { checkFileName, FILE_FIELD, sniffContentType } from './leadsChallengeFiles';
import { storeUpload } from './leadsChallengeUploads';

type App = Parameters<FastifyPluginAsyncZod>[0];

const fileNameOf = (request: FastifyRequest) =>
  checkFileName((request.query as Record<string, unknown>).filename);

/**
 * The raw bytes of a Leads Challenge file (the bytes decide its type). Admins only (404 for others, 401
 * signed out); the app's origin check applies as to every write. The name is checked before the body is
 * read; past the cap it is a 413 naming the file field.
 */
export function registerLeadsChallengeUpload(app: App, context: AppContext, storage: ImageStorage): void {
  registerEndpoint(
    app,
    context,
    uploadLeadsChallengeFileEndpoint,
    async ({ request, me }) => {
      const { fileName, extension } = fileNameOf(request);
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const contentType = sniffContentType(bytes, extension);
      return storeUpload(storage, { bytes, fileName, extension, contentType, uploadedBy: me.userId });
    },
    {
      beforeBody: ({ request }) => {
        fileNameOf(request);
      },
      tooLarge: () =>
        new AppError('too_large', LEADS_CHALLENGE_FILE_TOO_LARGE_MESSAGE, {}, { field: FILE_FIELD }),
    },
  );
}
