import {
  previewQuizEndpoint,
  publishQuizEndpoint,
  unpublishQuizEndpoint,
} from '@quizbeam/contracts/publishing';
import { quizSchema } from '@quizbeam/contracts/quiz';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { assertStorable } from '../../http/storableText';
import { AppError } from '../../shared/appError';
import type { PublishedSite } from '../publishedSite/publishedSite';
import { assertSameQuiz } from '../quizzes/saveQuiz';
import { sendPreviewPage } from './previewPage';
import { publishQuiz, unpublishQuiz } from './publishQuiz';

const PREVIEW_BODY_LIMIT = 3 * 1024 * 1024;

/** Publish, Republish, Unpublish and Preview, for the signed-in account's own quizzes. */
export function publishRoutes(context: AppContext, site: PublishedSite): FastifyPluginAsyncZod {
  const { db, config } = context;
  const publishHost = new URL(config.publishUrl).host;
  const operationDeps = { db, siteChanges: site.changes };

  return async (app) => {
    // Preview is a plain form post with a data field, its target the preview iframe: no script needed.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: PREVIEW_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    registerEndpoint(app, context, publishQuizEndpoint, async ({ me, params, body }) => {
      const published = await publishQuiz(operationDeps, me.account, me.userId, publishHost, params.id, body);
      // Only this process renders ahead; the others look the new snapshot up when it is first asked for.
      site.pages.warm(published.current);
      return published.quiz;
    });

    registerEndpoint(app, context, unpublishQuizEndpoint, async ({ me, params, body }) => {
      assertSameQuiz(params.id, body);
      return (await unpublishQuiz(operationDeps, me.account.id, params.id)).quiz;
    });

    registerEndpoint(app, context, previewQuizEndpoint, async ({ body, reply }) => {
      let data: unknown;
      try {
        data = JSON.parse(body.data);
      } catch {
        throw new AppError('validation_failed', 'The preview data is not valid JSON.');
      }
      assertStorable(data, 'body/data');
      const parsed = quizSchema.safeParse(data);
      if (!parsed.success) throw new AppError('validation_failed', 'The quiz to preview is not valid.');
      return sendPreviewPage(reply, parsed.data, config.publishUrl, site);
    });
  };
}
