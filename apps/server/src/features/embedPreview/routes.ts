import { embedPreviewPageEndpoint } from '@quizbeam/contracts/embedCodes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { embedPreviewPage } from './embedPreviewPage';

/** The Publish tab's live preview of an embed code, on the builder's host. */
export function embedPreviewRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerEndpoint(app, context, embedPreviewPageEndpoint, async ({ query, reply }) => {
      const page = embedPreviewPage(query);
      return reply.type('text/html; charset=utf-8').headers(page.headers).send(page.html);
    });
  };
}
