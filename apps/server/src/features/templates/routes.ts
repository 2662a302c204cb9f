import {
  createTemplateCategoryEndpoint,
  createTemplateEndpoint,
  deleteTemplateCategoryEndpoint,
  getTemplateEndpoint,
  listTemplatesEndpoint,
  renameTemplateCategoryEndpoint,
  saveTemplateEndpoint,
  templateCategoriesEndpoint,
  templatesForNewQuizEndpoint,
} from '@quizbeam/contracts/templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { createTemplate } from './createTemplate';
import { saveTemplate } from './saveTemplate';
import {
  createTemplateCategory,
  deleteTemplateCategory,
  listTemplateCategories,
  renameTemplateCategory,
} from './templateCategories';
import { findVisibleTemplate, listTemplateSummaries, listTemplatesForNewQuiz } from './templateRecords';

/**
 * The template library: admins write templates and their categories (every write audited); every user lists
 * what New Quiz offers and reads an offered template.
 */
export function templateRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { db } = context;
  return async (app) => {
    registerEndpoint(app, context, listTemplatesEndpoint, async () => listTemplateSummaries(db));

    registerEndpoint(app, context, templatesForNewQuizEndpoint, async ({ me }) =>
      listTemplatesForNewQuiz(db, me),
    );

    registerEndpoint(app, context, createTemplateEndpoint, async ({ me, body }) =>
      createTemplate(db, me, body),
    );

    registerEndpoint(app, context, getTemplateEndpoint, async ({ me, params }) =>
      findVisibleTemplate(db, me, params.id),
    );

    registerEndpoint(app, context, saveTemplateEndpoint, async ({ me, params, body }) =>
      saveTemplate(db, me, params.id, body),
    );

    registerEndpoint(app, context, templateCategoriesEndpoint, async () => listTemplateCategories(db));

    registerEndpoint(app, context, createTemplateCategoryEndpoint, async ({ me, body }) =>
      createTemplateCategory(db, me, body.name),
    );

    registerEndpoint(app, context, renameTemplateCategoryEndpoint, async ({ me, params, body }) =>
      renameTemplateCategory(db, me, params.id, body.name),
    );

    registerEndpoint(app, context, deleteTemplateCategoryEndpoint, async ({ me, params }) => {
      await deleteTemplateCategory(db, me, params.id);
      return { ok: true as const };
    });
  };
}
