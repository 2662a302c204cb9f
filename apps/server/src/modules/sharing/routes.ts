import {
  importSharedQuizBodySchema,
  importSharedQuizResponseSchema,
  sharedQuizResponseSchema,
} from '@quizbeam/contracts/sharing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findSharedQuiz, importSharedQuiz } from '../../domain/sharedQuizzes';
import type { AppContext } from '../../http/appContext';
import { notFound } from '../../http/appError';
import { requireUser } from '../auth/sessionCookie';
import type { PublishedSite } from '../publishedSite/publishedSite';
import { sendPreviewPage } from '../publishing/previewPage';

const shareCodeParams = z.object({ shareCode: z.string().max(100) });

/** A shared quiz seen and imported by any signed-in user (spec: "Import from share", section 7). */
export function sharingRoutes(context: AppContext, site: PublishedSite): FastifyPluginAsyncZod {
  const { db, config } = context;
  return async (app) => {
    app.get(
      '/api/shared-quizzes/:shareCode',
      { schema: { params: shareCodeParams, response: { 200: sharedQuizResponseSchema } } },
      async (request) => {
        await requireUser(request, context);
        const quiz = await findSharedQuiz(db, request.params.shareCode);
        return { name: quiz.name };
      },
    );

    app.get(
      '/api/shared-quizzes/:shareCode/preview',
      { schema: { params: shareCodeParams } },
      async (request, reply) => {
        await requireUser(request, context);
        const quiz = await findSharedQuiz(db, request.params.shareCode);
        return sendPreviewPage(reply, quiz, config.publishUrl, site);
      },
    );

    app.post(
      '/accounts/:account/shared/import',
      {
        schema: {
          params: z.object({ account: z.string() }),
          body: importSharedQuizBodySchema,
          response: { 200: importSharedQuizResponseSchema },
        },
      },
      async (request) => {
        const me = await requireUser(request, context);
        if (request.params.account !== me.account.id) throw notFound();
        return { quizId: await importSharedQuiz(db, me.account, request.body) };
      },
    );
  };
}
