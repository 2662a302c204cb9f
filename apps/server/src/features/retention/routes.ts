import { getRetentionEndpoint, saveRetentionEndpoint } from '@quizbeam/contracts/retention';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { readRetention, saveRetention } from './retentionSetting';

/** The account's retention period (GET/PUT /api/account/retention), set from the Leads tab. */
export function retentionRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { db } = context;
  return async (app) => {
    registerEndpoint(app, context, getRetentionEndpoint, async ({ me }) => readRetention(db, me.account.id));
    registerEndpoint(app, context, saveRetentionEndpoint, async ({ me, body }) =>
      saveRetention(db, me.account.id, body),
    );
  };
}
