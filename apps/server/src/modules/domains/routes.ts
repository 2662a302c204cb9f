import { addDomainEndpoint, domainSchema, listDomainsEndpoint } from '@quizbeam/contracts/domains';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env';
import { type AddDomainSettings, addDomain } from '../../domain/addDomain';
import { findDomainOwner } from '../../domain/findDomainOwner';
import { listDomains } from '../../domain/listDomains';
import { removeDomain } from '../../domain/removeDomain';
import type { AppContext } from '../../http/appContext';
import { requireUser } from '../auth/sessionCookie';

/** Lets the published-site routing follow domain changes made in this process at once. */
export interface DomainChangeListener {
  onAdded?: (host: string) => void;
  /** After the domain and the quizzes live on it are gone; `snapshotIds` were live there. */
  onRemoved?: (host: string, snapshotIds: string[]) => void;
}

export const TLS_ASK_PATH = '/internal/tls-ask';

export function addDomainSettingsOf(config: Config): AddDomainSettings {
  const publishHostname = new URL(config.publishUrl).hostname;
  return {
    publishHostname,
    publishIps: config.publishIps,
    dnsServers: config.dnsServers,
    ownHostnames: [publishHostname, new URL(config.appUrl).hostname],
  };
}

export function domainRoutes(
  context: AppContext,
  listener: DomainChangeListener = {},
): FastifyPluginAsyncZod {
  const { db } = context;
  const settings = addDomainSettingsOf(context.config);
  return async (app) => {
    app.get(
      listDomainsEndpoint.path,
      { schema: { response: { 200: listDomainsEndpoint.response } } },
      async (request) => {
        const me = await requireUser(request, context);
        return listDomains(db, me.account.id);
      },
    );

    app.post(
      addDomainEndpoint.path,
      { schema: { body: addDomainEndpoint.body, response: { 200: domainSchema } } },
      async (request) => {
        const me = await requireUser(request, context);
        const domain = await addDomain(db, settings, me.account.id, request.body.host);
        listener.onAdded?.(domain.host);
        return domain;
      },
    );

    app.delete(
      '/api/domain/:id',
      {
        schema: {
          params: z.object({ id: z.string() }),
          response: { 200: z.object({ ok: z.literal(true) }) },
        },
      },
      async (request) => {
        const me = await requireUser(request, context);
        const { host, takenDown } = await removeDomain(db, me.account.id, request.params.id);
        listener.onRemoved?.(
          host,
          takenDown.map((quiz) => quiz.snapshotId),
        );
        return { ok: true as const };
      },
    );

    // Caddy's on-demand TLS asks here before it gets a certificate for a host: 2xx allows, anything else denies.
    app.get(
      TLS_ASK_PATH,
      { schema: { querystring: z.object({ domain: z.string().optional() }) } },
      async (request, reply) => {
        const domain = request.query.domain ?? '';
        const owner = domain ? await findDomainOwner(db, domain) : null;
        return reply
          .status(owner ? 200 : 404)
          .type('text/plain; charset=utf-8')
          .send(owner ? 'ok' : 'unknown domain');
      },
    );
  };
}
