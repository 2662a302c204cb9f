import {
  createQuizEndpoint,
  deleteQuizResponseSchema,
  listQuizzesEndpoint,
  saveQuizBodySchema,
  shareQuizResponseSchema,
} from '@quizbeam/contracts/quizEndpoints';
import { templateCategoriesEndpoint, templatesForNewQuizEndpoint } from '@quizbeam/contracts/templates';
import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newPublishedSlug } from '../../domain/publishedSlug';
import { deleteQuiz, findQuiz, insertQuiz, listQuizzes, shareCodeOf } from '../../domain/quizRecords';
import { saveQuiz } from '../../domain/saveQuiz';
import type { AppContext } from '../../http/appContext';
import { AppError, notFound } from '../../http/appError';
import { requireUser } from '../auth/sessionCookie';
import type { PublishedSite } from '../publishedSite/publishedSite';

const quizParams = z.object({ id: z.uuid() });
const accountQuizParams = z.object({ account: z.string(), id: z.uuid() });

export function quizRoutes(context: AppContext, site: PublishedSite): FastifyPluginAsyncZod {
  const { db } = context;
  return async (app) => {
    // A malformed quiz id can name no quiz: answer it like any unknown quiz.
    app.addHook('preValidation', async (request) => {
      const id = (request.params as { id?: string } | undefined)?.id;
      if (id !== undefined && !z.uuid().safeParse(id).success) throw notFound();
    });

    app.get(listQuizzesEndpoint.path, async (request) => {
      const me = await requireUser(request, context);
      return listQuizzes(db, me.account.id);
    });

    app.post(createQuizEndpoint.path, { schema: { body: createQuizEndpoint.body } }, async (request) => {
      const me = await requireUser(request, context);
      const { name, template, type } = request.body;
      if (template) throw new AppError('not_found', 'We could not find that template.');
      // The public path is known from the start, so the Publish screen can show it before publishing.
      const quiz = { ...newQuiz({ id: crypto.randomUUID(), name, type }), publishedId: newPublishedSlug() };
      await insertQuiz(db, me.account.id, quiz);
      return { quizId: quiz.id };
    });

    app.get('/api/quizzes/:id', { schema: { params: quizParams } }, async (request) => {
      const me = await requireUser(request, context);
      return findQuiz(db, me.account.id, request.params.id);
    });

    app.put(
      '/api/quizzes/:id',
      { schema: { params: quizParams, body: saveQuizBodySchema } },
      async (request) => {
        const me = await requireUser(request, context);
        return saveQuiz(db, me.account, request.params.id, request.body);
      },
    );

    app.delete(
      '/api/quizzes/:id',
      { schema: { params: quizParams, response: { 200: deleteQuizResponseSchema } } },
      async (request) => {
        const me = await requireUser(request, context);
        // Deleting takes the quiz down: its live row goes with it (cascade), and so does the cached page.
        const live = await site.snapshots.livePlaceOf(request.params.id);
        await deleteQuiz(db, me.account.id, request.params.id);
        site.pages.invalidate(live);
        return { ok: true as const };
      },
    );

    app.post(
      '/accounts/:account/quizzes/:id/share',
      { schema: { params: accountQuizParams, response: { 200: shareQuizResponseSchema } } },
      async (request) => {
        const me = await requireUser(request, context);
        if (request.params.account !== me.account.id) throw notFound();
        return { shareCode: await shareCodeOf(db, me.account.id, request.params.id) };
      },
    );

    // Templates arrive with their own feature; until then there are none to offer.
    app.get(templatesForNewQuizEndpoint.path, async (request) => {
      await requireUser(request, context);
      return [];
    });
    app.get(templateCategoriesEndpoint.path, async (request) => {
      await requireUser(request, context);
      return [];
    });
  };
}
