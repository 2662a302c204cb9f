import {
  importSharedQuizEndpoint,
  sharedQuizEndpoint,
  sharedQuizPreviewEndpoint,
} from '@quizbeam/contracts/sharing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import type { PublishedSite } from '../publishedSite/publishedSite';
import { sendPreviewPage } from '../publishing/previewPage';
import { findSharedQuiz, importSharedQuiz } from './sharedQuizzes';

/** A shared quiz seen and imported by any signed-in user (Import from share). */
export function sharingRoutes(context: AppContext, site: PublishedSite): FastifyPluginAsyncZod {
  const { db, config } = context;
  return async (app) => {
    registerEndpoint(app, context, sharedQuizEndpoint, async ({ params }) => {
      const quiz = await findSharedQuiz(db, params.shareCode);
      return { name: quiz.name };
    });

    registerEndpoint(app, context, sharedQuizPreviewEndpoint, async ({ params, reply, request }) => {
      const quiz = await findSharedQuiz(db, params.shareCode);
      return sendPreviewPage(reply, quiz, config.publishUrl, site, request.headers['accept-language']);
    });

    registerEndpoint(app, context, importSharedQuizEndpoint, async ({ me, body }) => ({
      quizId: await importSharedQuiz(db, me.account, body),
    }));
  };
}
