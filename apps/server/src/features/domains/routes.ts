import {
  addDomainEndpoint,
  domainDnsRecordsEndpoint,
  listDomainsEndpoint,
  removeDomainEndpoint,
  tlsAskEndpoint,
} from '@quizbeam/contracts/domains';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config/env';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { notFound } from '../../shared/appError';
import type { SiteChangeAnnouncer } from '../../shared/siteChangeAnnouncer';
import { type AddDomainSettings, addDomain } from './addDomain';
import { findDomainOwner } from './findDomainOwner';
import { listDomains } from './listDomains';
import { publishDnsRecords, publishTargetsOf } from './publishDnsRecords';
import { removeDomain } from './removeDomain';

export function addDomainSettingsOf(config: Config): AddDomainSettings {
  const { hostname, addresses } = publishTargetsOf(config);
  return {
    publishHostname: hostname,
    publishIps: addresses,
    dnsServers: config.dnsServers,
    ownHostnames: [new URL(config.publishUrl).hostname, new URL(config.appUrl).hostname],
    dnsRecords: publishDnsRecords(config),
  };
}

/** The account's custom domains; `siteChanges` is how the published sites hear of each added or removed one. */
export function domainRoutes(context: AppContext, siteChanges: SiteChangeAnnouncer): FastifyPluginAsyncZod {
  const { db } = context;
  const settings = addDomainSettingsOf(context.config);
  return async (app) => {
    registerEndpoint(app, context, listDomainsEndpoint, async ({ me }) => listDomains(db, me.account.id));

    registerEndpoint(app, context, domainDnsRecordsEndpoint, async () => settings.dnsRecords);

    registerEndpoint(app, context, addDomainEndpoint, async ({ me, body }) => {
      return addDomain({ db, siteChanges, settings }, me.account.id, body.host);
    });

    registerEndpoint(app, context, removeDomainEndpoint, async ({ me, params }) => {
      await removeDomain({ db, siteChanges }, me.account.id, params.id);
      return { ok: true as const };
    });

    // Caddy's on-demand TLS asks here before it gets a certificate for a host: 2xx allows, anything else denies.
    registerEndpoint(app, context, tlsAskEndpoint, async ({ query }) => {
      const owner = query.domain ? await findDomainOwner(db, query.domain) : null;
      if (!owner) throw notFound();
      return { ok: true as const };
    });
  };
}
