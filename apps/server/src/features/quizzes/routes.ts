import {
  createQuizEndpoint,
  deleteQuizEndpoint,
  duplicateQuizEndpoint,
  getQuizEndpoint,
  listQuizzesEndpoint,
  saveQuizEndpoint,
  shareQuizEndpoint,
} from '@quizbeam/contracts/quizEndpoints';
import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import type { PublishedSite } from '../publishedSite/publishedSite';
import { createQuizFromTemplate } from '../templates/createQuizFromTemplate';
import { deleteQuiz } from './deleteQuiz';
import { duplicateQuiz } from './duplicateQuiz';
import { newPublishedSlug } from './publishedSlug';
import { findQuiz, insertQuiz, listQuizzes, shareCodeOf } from './quizRecords';
import { saveQuiz } from './saveQuiz';

export function quizRoutes(context: AppContext, site: PublishedSite): FastifyPluginAsyncZod {
  const { db } = context;
  return async (app) => {
    registerEndpoint(app, context, listQuizzesEndpoint, async ({ me }) => listQuizzes(db, me.account.id));

    registerEndpoint(app, context, createQuizEndpoint, async ({ me, body: { name, template, type } }) => {
      // A template decides the type; the body's type is for "Create From Scratch".
      if (template) return { quizId: await createQuizFromTemplate(db, me, template, name) };
      // The public path is known from the start, so the Publish screen can show it before publishing.
      const quiz = { ...newQuiz({ id: crypto.randomUUID(), name, type }), publishedId: newPublishedSlug() };
      await insertQuiz(db, me.account.id, quiz);
      return { quizId: quiz.id };
    });

    registerEndpoint(app, context, getQuizEndpoint, async ({ me, params }) =>
      findQuiz(db, me.account.id, params.id),
    );

    registerEndpoint(app, context, saveQuizEndpoint, async ({ me, params, body }) =>
      saveQuiz(db, me.account, me.userId, params.id, body),
    );

    registerEndpoint(app, context, duplicateQuizEndpoint, async ({ me, params }) => ({
      quizId: await duplicateQuiz(db, me.account.id, params.id),
    }));

    registerEndpoint(app, context, deleteQuizEndpoint, async ({ me, params }) => {
      await deleteQuiz({ db, siteChanges: site.changes }, me.account.id, params.id);
      return { ok: true as const };
    });

    registerEndpoint(app, context, shareQuizEndpoint, async ({ me, params }) => ({
      shareCode: await shareCodeOf(db, me.account.id, params.id),
    }));
  };
}
