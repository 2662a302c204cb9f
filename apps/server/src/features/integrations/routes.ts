import {
  connectionStatusEndpoint,
  connectionTargetsEndpoint,
  connectWithApiKeyEndpoint,
  deleteConnectionEndpoint,
  listActiveConnectionsEndpoint,
  listConnectionsEndpoint,
  oauthAuthUrlEndpoint,
  oauthCallbackEndpoint,
  saveConnectionNameEndpoint,
} from '@quizbeam/contracts/integrations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { createGuardedHttpClient } from '../../outbound/guardedHttpClient';
import { unauthenticated } from '../../shared/appError';
import { hashToken } from '../../shared/secureTokens';
import { readSessionToken } from '../auth/sessionCookie';
import { resolveSession } from '../auth/sessions';
import { checkConnectionStatus, deleteConnection, listConnectionTargets } from './connectionChecks';
import { listConnections } from './connectionRecords';
import { connectWithApiKey } from './connectWithApiKey';
import { finishOAuth } from './finishOAuth';
import type { IntegrationDeps } from './integrationDeps';
import { oauthRedirectUri } from './oauthClients';
import { saveConnectionName } from './oauthStates';
import { startOAuth } from './startOAuth';

const callbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
});

/**
 * The account's connections to the eight email services, and the OAuth callback page the services send the
 * browser back to. Every call to a service goes through one guarded outbound client (OUTBOUND_ALLOWED_HOSTS
 * applies, also to addresses the user types).
 */
export function integrationRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { db, config } = context;
  return async (app) => {
    const http = createGuardedHttpClient({ allowedHosts: config.outboundAllowedHosts });
    app.addHook('onClose', async () => http.close());
    const deps: IntegrationDeps = {
      db,
      secretBox: context.secretBox,
      http,
      ...(context.autoresponderClients && { clients: context.autoresponderClients }),
    };
    const countServiceCall = (accountId: string, isConnect = false) =>
      context.limiter.hit([
        { key: `service-calls:${accountId}`, limit: context.rateLimits.serviceCallsPerAccount },
        ...(isConnect
          ? [{ key: `service-connects:${accountId}`, limit: context.rateLimits.serviceConnectsPerAccount }]
          : []),
      ]);
    const sessionTokenHashOf = (request: FastifyRequest) => {
      const token = readSessionToken(request, config);
      if (!token) throw unauthenticated();
      return hashToken(token);
    };

    registerEndpoint(app, context, listConnectionsEndpoint, async ({ me }) => ({
      items: await listConnections(db, me.account.id),
    }));

    registerEndpoint(app, context, listActiveConnectionsEndpoint, async ({ me }) => ({
      items: await listConnections(db, me.account.id, true),
    }));

    registerEndpoint(app, context, oauthAuthUrlEndpoint, async ({ me, params, body, request }) => {
      await countServiceCall(me.account.id, true);
      return startOAuth(deps, {
        userId: me.userId,
        accountId: me.account.id,
        sessionTokenHash: sessionTokenHashOf(request),
        service: params.service,
        connectionId: body.connectionId ?? null,
        redirectUri: oauthRedirectUri(config.appUrl, config.basePath, params.service),
      });
    });

    registerEndpoint(app, context, saveConnectionNameEndpoint, async ({ body, request }) => {
      await saveConnectionName(db, sessionTokenHashOf(request), body.connectionName, new Date());
      return { ok: true as const };
    });

    registerEndpoint(app, context, connectWithApiKeyEndpoint, async ({ me, params, body }) => {
      await countServiceCall(me.account.id, true);
      return connectWithApiKey(deps, me.account.id, params.service, body);
    });

    registerEndpoint(app, context, deleteConnectionEndpoint, async ({ me, params, body }) => {
      await deleteConnection(deps, me.account.id, params.service, body.connectionId);
      return { ok: true as const };
    });

    registerEndpoint(app, context, connectionStatusEndpoint, async ({ me, params }) => {
      await countServiceCall(me.account.id);
      return checkConnectionStatus(deps, me.account.id, params.service, params.id);
    });

    registerEndpoint(app, context, connectionTargetsEndpoint, async ({ me, params }) => {
      await countServiceCall(me.account.id);
      return { targets: await listConnectionTargets(deps, me.account.id, params.service, params.id) };
    });

    registerEndpoint(app, context, oauthCallbackEndpoint, async ({ params, request, reply }) => {
      const query = callbackQuerySchema.safeParse(request.query);
      const token = readSessionToken(request, config);
      const signedIn = token ? await resolveSession(db, token) : null;
      const outcome = await finishOAuth(
        deps,
        params.service,
        token && signedIn ? hashToken(token) : null,
        query.success ? query.data : {},
        oauthRedirectUri(config.appUrl, config.basePath, params.service),
      );
      const page = `${config.basePath}/integrations/${params.service}`;
      reply.header('cache-control', 'no-store');
      if (outcome.connected) return reply.redirect(`${page}/auth-success`);
      return reply.redirect(`${page}/auth-failed?${new URLSearchParams({ reason: outcome.reason })}`);
    });
  };
}
