import {
  getAccountScriptEndpoint,
  getQuizScriptEndpoint,
  saveAccountScriptEndpoint,
  saveQuizScriptEndpoint,
} from '@quizbeam/contracts/scripts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { readAccountScript, writeAccountScript } from './accountScripts';
import { readQuizScript, writeQuizScript } from './quizScripts';

/** The four scripts calls, for one quiz and for the whole account. */
export function scriptRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { db } = context;
  return async (app) => {
    registerEndpoint(app, context, getQuizScriptEndpoint, async ({ me, params }) => ({
      code: await readQuizScript(db, me.account.id, params.quizId, params.type),
    }));
    registerEndpoint(app, context, saveQuizScriptEndpoint, async ({ me, params, body }) => ({
      code: await writeQuizScript(db, me.account.id, params.quizId, params.type, body.code),
    }));
    registerEndpoint(app, context, getAccountScriptEndpoint, async ({ me, params }) => ({
      code: await readAccountScript(db, me.account.id, params.type),
    }));
    registerEndpoint(app, context, saveAccountScriptEndpoint, async ({ me, params, body }) => ({
      code: await writeAccountScript(db, me.account.id, params.type, body.code),
    }));
  };
}
