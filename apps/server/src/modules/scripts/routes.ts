import { type ScriptEventType, scriptBodySchema, scriptEventTypeSchema } from '@quizbeam/contracts/scripts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readAccountScript, writeAccountScript } from '../../domain/accountScripts';
import { readQuizScript, writeQuizScript } from '../../domain/quizScripts';
import type { AppContext } from '../../http/appContext';
import { notFound } from '../../http/appError';
import { requireUser } from '../auth/sessionCookie';

const quizScriptParams = z.object({ quizId: z.string(), type: z.string() });
const accountScriptParams = z.object({ accountId: z.string(), type: z.string() });
const scriptResponse = { 200: scriptBodySchema };

/** An unknown event type names no script: a 404 like any unknown resource. */
function eventTypeOf(type: string): ScriptEventType {
  const parsed = scriptEventTypeSchema.safeParse(type);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

function quizIdOf(quizId: string): string {
  if (!z.uuid().safeParse(quizId).success) throw notFound();
  return quizId;
}

/** Spec section 7: the four scripts calls, for one quiz and for the whole account. */
export function scriptRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { db } = context;
  return async (app) => {
    app.get(
      '/api/quizzes/:quizId/scripts/:type',
      { schema: { params: quizScriptParams, response: scriptResponse } },
      async (request) => {
        const me = await requireUser(request, context);
        const { quizId, type } = request.params;
        return { code: await readQuizScript(db, me.account.id, quizIdOf(quizId), eventTypeOf(type)) };
      },
    );

    app.put(
      '/api/quizzes/:quizId/scripts/:type',
      { schema: { params: quizScriptParams, body: scriptBodySchema, response: scriptResponse } },
      async (request) => {
        const me = await requireUser(request, context);
        const { quizId, type } = request.params;
        const code = await writeQuizScript(
          db,
          me.account.id,
          quizIdOf(quizId),
          eventTypeOf(type),
          request.body.code,
        );
        return { code };
      },
    );

    app.get(
      '/accounts/:accountId/scripts/:type',
      { schema: { params: accountScriptParams, response: scriptResponse } },
      async (request) => {
        const me = await requireUser(request, context);
        const { accountId, type } = request.params;
        if (accountId !== me.account.id) throw notFound();
        return { code: await readAccountScript(db, me.account.id, eventTypeOf(type)) };
      },
    );

    app.put(
      '/accounts/:accountId/scripts/:type',
      { schema: { params: accountScriptParams, body: scriptBodySchema, response: scriptResponse } },
      async (request) => {
        const me = await requireUser(request, context);
        const { accountId, type } = request.params;
        if (accountId !== me.account.id) throw notFound();
        return { code: await writeAccountScript(db, me.account.id, eventTypeOf(type), request.body.code) };
      },
    );
  };
}
