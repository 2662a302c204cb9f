import {
  createHtmlFormEndpoint,
  deleteHtmlFormEndpoint,
  listHtmlFormsEndpoint,
  parseHtmlFormEndpoint,
  updateHtmlFormEndpoint,
} from '@quizbeam/contracts/htmlForms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { deleteHtmlForm } from './deleteHtmlForm';
import { listHtmlForms } from './htmlFormRecords';
import { parseHtmlForm } from './parseHtmlForm';
import { createHtmlForm, updateHtmlForm } from './saveHtmlForm';

/** The account's HTML forms: list, parse without storing, add, change, delete. */
export function htmlFormRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { db } = context;
  return async (app) => {
    registerEndpoint(app, context, listHtmlFormsEndpoint, async ({ me }) => listHtmlForms(db, me.account.id));

    registerEndpoint(app, context, parseHtmlFormEndpoint, async ({ body }) =>
      parseHtmlForm(body.originalMarkup),
    );

    registerEndpoint(app, context, createHtmlFormEndpoint, async ({ me, body }) =>
      createHtmlForm(db, me.account.id, body),
    );

    registerEndpoint(app, context, updateHtmlFormEndpoint, async ({ me, params, body }) =>
      updateHtmlForm(db, me.account.id, params.id, body),
    );

    registerEndpoint(app, context, deleteHtmlFormEndpoint, async ({ me, params }) => {
      await deleteHtmlForm(db, me.account.id, params.id);
      return { ok: true as const };
    });
  };
}
