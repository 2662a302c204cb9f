import {
  createConversionApiEndpoint,
  deleteConversionApiEndpoint,
  listConversionApisEndpoint,
  testConversionApiEndpoint,
  updateConversionApiEndpoint,
} from '@quizbeam/contracts/conversionApis';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { createGuardedHttpClient } from '../../outbound/guardedHttpClient';
import { createConversionApi, listConversionApis, updateConversionApi } from './conversionApiRecords';
import { deleteConversionApi } from './deleteConversionApi';
import { sendConversionTest } from './sendConversionTest';

/**
 * The account's server-side conversion APIs. Tokens and secrets are sealed and never answered; Send Test Event
 * goes through the guarded HTTP client (OUTBOUND_ALLOWED_HOSTS applies) to META_GRAPH_URL or GA4_MP_URL.
 */
export function conversionApiRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { db, config, secretBox } = context;
  return async (app) => {
    const http = createGuardedHttpClient({ allowedHosts: config.outboundAllowedHosts });
    app.addHook('onClose', async () => http.close());
    const testDeps = { db, secretBox, http, config };

    registerEndpoint(app, context, listConversionApisEndpoint, async ({ me }) =>
      listConversionApis(db, secretBox, me.account.id),
    );

    registerEndpoint(app, context, createConversionApiEndpoint, async ({ me, body }) =>
      createConversionApi(db, secretBox, me.account.id, body),
    );

    registerEndpoint(app, context, updateConversionApiEndpoint, async ({ me, params, body }) =>
      updateConversionApi(db, secretBox, me.account.id, params.id, body),
    );

    registerEndpoint(app, context, deleteConversionApiEndpoint, async ({ me, params }) => {
      await deleteConversionApi(db, me.account.id, params.id);
      return { ok: true as const };
    });

    registerEndpoint(app, context, testConversionApiEndpoint, async ({ me, params, request }) => {
      // A test event is a request to the platform on the account's behalf: counted like email-service calls.
      await context.limiter.hit([
        { key: `service-calls:${me.account.id}`, limit: context.rateLimits.serviceCallsPerAccount },
      ]);
      return sendConversionTest(
        testDeps,
        me.account.id,
        params.id,
        request.headers['user-agent']?.slice(0, 500),
      );
    });
  };
}
