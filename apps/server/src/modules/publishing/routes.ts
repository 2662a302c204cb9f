import {
  previewFormSchema,
  publishQuizBodySchema,
  publishQuizResponseSchema,
  unpublishQuizBodySchema,
} from '@quizbeam/contracts/publishing';
import { quizSchema } from '@quizbeam/contracts/quiz';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publishQuiz, unpublishQuiz } from '../../domain/publishQuiz';
import type { AppContext } from '../../http/appContext';
import { AppError, notFound } from '../../http/appError';
import { assertStorable } from '../../http/storableText';
import { requireUser } from '../auth/sessionCookie';
import type { PublishedSite } from '../publishedSite/publishedSite';
import { sendPreviewPage } from './previewPage';

const accountQuizParams = z.object({ account: z.string(), id: z.uuid() });
const accountParams = z.object({ account: z.string() });
const PREVIEW_BODY_LIMIT = 3 * 1024 * 1024;

/** Publish, Republish, Unpublish and Preview (spec section 7), for the signed-in account's own quizzes. */
export function publishRoutes(context: AppContext, site: PublishedSite): FastifyPluginAsyncZod {
  const { db, config } = context;
  const publishHost = new URL(config.publishUrl).host;

  return async (app) => {
    // Preview is a plain form post (spec: "form post with a data field, target is the preview iframe").
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: PREVIEW_BODY_LIMIT },
      (_request, body, done) => {
        const form = Object.fromEntries(new URLSearchParams(String(body)));
        try {
          assertStorable(form, 'body');
          done(null, form);
        } catch (error) {
          done(error as AppError, undefined);
        }
      },
    );

    app.post(
      '/accounts/:account/quizzes/:id/publish',
      {
        schema: {
          params: accountQuizParams,
          body: publishQuizBodySchema,
          response: { 200: publishQuizResponseSchema },
        },
      },
      async (request) => {
        const me = await requireUser(request, context);
        if (request.params.account !== me.account.id || request.body.id !== request.params.id)
          throw notFound();
        const published = await publishQuiz(db, me.account, publishHost, request.body);
        site.snapshots.forgetStatus(published.previous?.snapshotId ?? null);
        site.pages.invalidate(published.previous);
        site.pages.warm(published.current);
        return published.quiz;
      },
    );

    app.post(
      '/accounts/:account/quizzes/:id/unpublish',
      {
        schema: {
          params: accountQuizParams,
          body: unpublishQuizBodySchema,
          response: { 200: publishQuizResponseSchema },
        },
      },
      async (request) => {
        const me = await requireUser(request, context);
        if (request.params.account !== me.account.id || request.body.id !== request.params.id)
          throw notFound();
        const unpublished = await unpublishQuiz(db, me.account.id, request.body);
        site.snapshots.forgetStatus(unpublished.previous?.snapshotId ?? null);
        site.pages.invalidate(unpublished.previous);
        return unpublished.quiz;
      },
    );

    app.post(
      '/accounts/:account/quizzes/preview',
      { bodyLimit: PREVIEW_BODY_LIMIT, schema: { params: accountParams, body: previewFormSchema } },
      async (request, reply) => {
        const me = await requireUser(request, context);
        if (request.params.account !== me.account.id) throw notFound();
        let data: unknown;
        try {
          data = JSON.parse(request.body.data);
        } catch {
          throw new AppError('validation_failed', 'The preview data is not valid JSON.');
        }
        assertStorable(data, 'body/data');
        const parsed = quizSchema.safeParse(data);
        if (!parsed.success) throw new AppError('validation_failed', 'The quiz to preview is not valid.');
        return sendPreviewPage(reply, parsed.data, config.publishUrl, site);
      },
    );
  };
}
