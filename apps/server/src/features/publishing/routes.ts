import {
  livePreviewPageEndpoint,
  previewQuizEndpoint,
  publishQuizEndpoint,
  unpublishQuizEndpoint,
} from '@quizbeam/contracts/publishing';
import { quizSchema } from '@quizbeam/contracts/quiz';
import { changeQuizAddressEndpoint, quizAddressAvailabilityEndpoint } from '@quizbeam/contracts/quizAddress';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { assertStorable } from '../../http/storableText';
import { AppError } from '../../shared/appError';
import type { PublishedSite } from '../publishedSite/publishedSite';
import { assertSameQuiz } from '../quizzes/saveQuiz';
import { changeQuizAddress, quizAddressAvailability } from './changeQuizAddress';
import { livePreviewPage } from './livePreviewPage';
import { sendPreviewPage } from './previewPage';
import { publishQuiz, unpublishQuiz } from './publishQuiz';

const PREVIEW_BODY_LIMIT = 3 * 1024 * 1024;
/** Checks and changes of quiz paths: typing pauses ask once each; far more is someone probing who has what. */
const ADDRESS_CALLS_PER_ACCOUNT = { max: 300, windowMs: 15 * 60 * 1000 };

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

    const limitAddressCalls = (accountId: string) =>
      context.limiter.hit([{ key: `quiz-address:account:${accountId}`, limit: ADDRESS_CALLS_PER_ACCOUNT }]);

    registerEndpoint(app, context, changeQuizAddressEndpoint, async ({ me, params, body }) => {
      await limitAddressCalls(me.account.id);
      const deps = { ...operationDeps, publishUrl: config.publishUrl };
      const changed = await changeQuizAddress(deps, me.account.id, params.id, body.path);
      if (changed.moved) site.pages.warm(changed.moved.current);
      return changed.address;
    });

    registerEndpoint(app, context, quizAddressAvailabilityEndpoint, async ({ me, params, query }) => {
      await limitAddressCalls(me.account.id);
      return quizAddressAvailability(db, config.publishUrl, me.account.id, params.id, query.path);
    });

    registerEndpoint(app, context, previewQuizEndpoint, async ({ body, reply, request }) => {
      let data: unknown;
      try {
        data = JSON.parse(body.data);
      } catch {
        throw new AppError('validation_failed', 'The preview data is not valid JSON.');
      }
      assertStorable(data, 'body/data');
      const parsed = quizSchema.safeParse(data);
      if (!parsed.success) throw new AppError('validation_failed', 'The quiz to preview is not valid.');
      return sendPreviewPage(reply, parsed.data, config.publishUrl, site, request.headers['accept-language']);
    });

    registerEndpoint(app, context, livePreviewPageEndpoint, async ({ query, reply }) => {
      const page = livePreviewPage({
        look: query,
        appUrl: config.appUrl,
        publishUrl: config.publishUrl,
        playerFileName: site.files.player.fileName,
      });
      return reply.type('text/html; charset=utf-8').headers(page.headers).send(page.html);
    });
  };
}
