import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import type { ErrorBody } from '@quizbeam/contracts/errors';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import ipaddr from 'ipaddr.js';
import type { Registry } from 'prom-client';
import type { Config } from './config/env';
import { resolvedDataDir } from './config/runtime';
import { accountRoutes } from './features/accounts/routes';
import { adminRoutes } from './features/admin/routes';
import { analyticsRoutes } from './features/analytics/routes';
import { apiReferenceRoutes, collectApiReference } from './features/apiReference/routes';
import { authRoutes } from './features/auth/routes';
import { defaultBuilderDist, registerBuilderAssets } from './features/builder/builderAssets';
import { conversionApiRoutes } from './features/conversionApis/routes';
import { domainRoutes } from './features/domains/routes';
import { embedPreviewRoutes } from './features/embedPreview/routes';
import { fontRoutes } from './features/fonts/routes';
import { htmlFormRoutes } from './features/htmlForms/routes';
import { imageRoutes } from './features/images/routes';
import { integrationRoutes } from './features/integrations/routes';
import { internalCliRoutes } from './features/internal/routes';
import { leadNotificationRoutes } from './features/leadNotifications/routes';
import { leadRoutes } from './features/leads/routes';
import { leadsChallengeRoutes } from './features/leadsChallenge/routes';
import { profileRoutes } from './features/profile/routes';
import { createPublishedSite, type PublishedSite } from './features/publishedSite/publishedSite';
import { publishedSiteRoutes, sendNotFoundPage } from './features/publishedSite/routes';
import { hostNameOf, PUBLISHED_PREFIX } from './features/publishedSite/siteHosts';
import { publishRoutes } from './features/publishing/routes';
import { quizHistoryRoutes } from './features/quizHistory/routes';
import { quizRoutes } from './features/quizzes/routes';
import { retentionRoutes } from './features/retention/routes';
import { scriptRoutes } from './features/scripts/routes';
import { sharingRoutes } from './features/sharing/routes';
import { templateRoutes } from './features/templates/routes';
import { themeRoutes } from './features/themes/routes';
import { visitorDataRoutes } from './features/visitorData/routes';
import { visitorTextRoutes } from './features/visitorTexts/routes';
import { webhookRoutes } from './features/webhooks/routes';
import { zapierRoutes } from './features/zapier/routes';
import type { AppContext } from './http/appContext';
import { registerErrorHandling } from './http/errorHandler';
import { registerJsonBodyParser } from './http/jsonBodyParser';
import { registerServerTiming } from './http/serverTiming';
import { registerStorableTextCheck } from './http/storableText';
import { isHealthPath, registerHealthRoutes } from './operations/healthRoutes';
import { registerHttpMetrics, watchEventWriter } from './operations/metrics';
import { newProcessStatus, type ProcessStatus } from './operations/processStatus';
import { registerRequestIdHeader, requestIdOf } from './operations/requestId';
import { assertSameOrigin } from './security/originCheck';
import { registerSecurityHeaders } from './security/securityHeaders';
import { createImageStorage } from './storage/createImageStorage';

export interface BuildAppOptions {
  builderDist?: string;
  /** Set when the server owns an embedded database, so the CLI can hand its commands over. */
  cliControlToken?: string;
  /** Structured JSON logs (pino) on stdout: errors always, every request too with `logRequests`. */
  logger?: boolean | { stream: NodeJS.WritableStream };
  logRequests?: boolean;
  /** The process's state for /readyz (shutting down, worker running); a fresh one (worker off) when absent. */
  status?: ProcessStatus;
  /** Where the app's metrics go (requests by route and status, the visitor event writer); none when absent. */
  metrics?: Registry;
  /** Tests reach the published site's parts through this (to write buffered events now, say). */
  onPublishedSite?: (site: PublishedSite) => void;
}

/** Requests for hosts that are neither the builder nor a published site are routed here, to a small 404. */
const UNKNOWN_HOST_PREFIX = '/__unknown-host';
const INTERNAL_PREFIX = '/internal/';
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'via', 'x-real-ip'];

/**
 * /internal/ (the CLI's endpoint, Caddy's tls-ask) answers only callers on this machine, or in
 * INTERNAL_ALLOWED_ADDRESSES (Caddy in another container), that talk to us directly: a request a reverse
 * proxy passed on carries forwarding headers, even when the proxy is local.
 */
function isInternalCaller(request: IncomingMessage, allowedRanges: Config['internalAllowedRanges']): boolean {
  const address = request.socket.remoteAddress;
  if (!address || !ipaddr.isValid(address)) return false;
  const caller = ipaddr.process(address);
  const allowed =
    caller.range() === 'loopback' ||
    allowedRanges.some(([range, bits]) => range.kind() === caller.kind() && caller.match(range, bits));
  return allowed && FORWARDING_HEADERS.every((header) => request.headers[header] === undefined);
}

/** The path as the router matches it: percent-escapes decoded, so `/%69nternal/` is seen as `/internal/`. */
function routedPath(url: string): string {
  const path = url.split('?', 1)[0] ?? url;
  try {
    return decodeURIComponent(path);
  } catch {
    // The router refuses a malformed escape itself (400).
    return path;
  }
}

export async function buildApp(context: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = context;
  const site = await createPublishedSite(context, (error) => console.error('published site:', error));
  options.onPublishedSite?.(site);
  const appHostName = hostNameOf(new URL(config.appUrl).host);
  const status = options.status ?? newProcessStatus();
  const app = Fastify({
    logger: options.logger ? { level: 'info', ...(options.logger === true ? {} : options.logger) } : false,
    // Request lines only with LOG_REQUESTS=true (and never the probes'); errors are logged either way.
    logController: new LogController({
      disableRequestLogging: (request) => !options.logRequests || isHealthPath(request.url),
    }),
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A client that stops reading or sending is let go: a socket idle for a minute is closed, and a request
    // must arrive whole within two minutes (a 5 MB image upload at 45 KB/s), so slow clients hold no socket forever.
    connectionTimeout: 60_000,
    requestTimeout: 120_000,
    // Every route answers with or without a trailing slash (callers write `/accounts/…/zapier/api-key/` too).
    // Wildcard routes see the path without it, so `/slug/` is the quiz page of `/slug`.
    routerOptions: { ignoreTrailingSlash: true },
    // A path the router cannot decode (`/%ff`) is answered in the app's own error form, naming no internals.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      const body: ErrorBody = {
        error: 'Invalid request. The address is not valid.',
        code: 'validation_failed',
      };
      return reply.status(400).send(body);
    },
    // Routing by Host: the builder's host gets the builder and API; published sites (PUBLISH_URL's host and
    // custom domains) their own routes under PUBLISHED_PREFIX, so neither can reach the other's; any other
    // host (a removed domain still pointed at us, a bare IP) only a small 404.
    rewriteUrl: (request) => {
      const url = request.url ?? '/';
      // Only origin-form targets are routed: an absolute-form (`GET http://host/path`) or `*` target, which
      // no browser or reverse proxy sends to an origin, could name another host than the Host header.
      if (!url.startsWith('/')) return `${UNKNOWN_HOST_PREFIX}/`;
      if (isHealthPath(url)) return url;
      const path = routedPath(url);
      if (path.startsWith(INTERNAL_PREFIX))
        return isInternalCaller(request, config.internalAllowedRanges) ? url : `${UNKNOWN_HOST_PREFIX}${url}`;
      if (site.hosts.publishedSiteOf(request.headers.host) !== null) return `${PUBLISHED_PREFIX}${url}`;
      if (hostNameOf(request.headers.host) !== appHostName) return `${UNKNOWN_HOST_PREFIX}${url}`;
      return path.startsWith(PUBLISHED_PREFIX) || path.startsWith(UNKNOWN_HOST_PREFIX)
        ? `/not-found${url}`
        : url;
    },
  });
  app.addHook('preClose', async () => {
    status.closing = true;
  });
  app.addHook('onClose', async () => site.close());
  registerRequestIdHeader(app);
  if (options.metrics) {
    registerHttpMetrics(app, options.metrics);
    watchEventWriter(options.metrics, site.events);
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (config.serverTiming) registerServerTiming(app);
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  registerStorableTextCheck(app);

  const imageStorage = createImageStorage({
    appUrl: config.appUrl,
    uploadsDir: path.join(resolvedDataDir(config), 'uploads'),
    secret: context.sessionSecret,
    s3: config.s3,
  });
  const isPublishedSite = (url: string) => url.startsWith(PUBLISHED_PREFIX);
  registerSecurityHeaders(app, (request) => isPublishedSite(request.url), {
    imageOrigins: imageStorage.driver === 's3' ? imageStorage.browserOrigins() : [],
  });

  // The routed path was checked in rewriteUrl; this checks the route the router chose, whatever the spelling.
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route?.startsWith(INTERNAL_PREFIX) && !isInternalCaller(request.raw, config.internalAllowedRanges)) {
      return sendNotFoundPage(reply);
    }
  });

  const appOrigin = new URL(config.appUrl).origin;
  app.addHook('onRequest', (request, _reply, done) => {
    // The visitor API is called from published pages, on their own origin.
    const { url } = request;
    if (url.startsWith(INTERNAL_PREFIX) || isPublishedSite(url) || url.startsWith(UNKNOWN_HOST_PREFIX)) {
      return done();
    }
    try {
      assertSameOrigin(request, appOrigin);
      done();
    } catch (error) {
      done(error as Error);
    }
  });

  registerHealthRoutes(app, context, status);
  await collectApiReference(app, context);
  // Published sites: pages and files compressed ahead, no cookies, nothing of the builder's.
  await app.register(publishedSiteRoutes(context, site));
  await app.register(fontRoutes(context));
  app.all(`${UNKNOWN_HOST_PREFIX}/*`, async (_request, reply) => sendNotFoundPage(reply));
  // `/` on an unknown host is routed as this path, trailing slash ignored.
  app.all(UNKNOWN_HOST_PREFIX, async (_request, reply) => sendNotFoundPage(reply));
  // The builder and API, in their own context: only they parse cookies and compress answers on the fly.
  await app.register(async (builderApp) => {
    // Brotli's default quality (11) costs too much CPU per response; 4 is near gzip's speed and smaller.
    await builderApp.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      threshold: 1024,
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    });
    await builderApp.register(fastifyCookie, { secret: context.sessionSecret });
    await builderApp.register(authRoutes(context));
    await builderApp.register(
      adminRoutes(context, { site, builderDist: options.builderDist ?? defaultBuilderDist }),
    );
    await builderApp.register(quizRoutes(context, site));
    await builderApp.register(quizHistoryRoutes(context));
    await builderApp.register(scriptRoutes(context));
    await builderApp.register(publishRoutes(context, site));
    await builderApp.register(sharingRoutes(context, site));
    await builderApp.register(domainRoutes(context, site.changes));
    await builderApp.register(imageRoutes(context, imageStorage));
    await builderApp.register(webhookRoutes(context));
    await builderApp.register(conversionApiRoutes(context));
    await builderApp.register(zapierRoutes(context));
    await builderApp.register(integrationRoutes(context));
    await builderApp.register(leadRoutes(context));
    await builderApp.register(visitorDataRoutes(context));
    await builderApp.register(retentionRoutes(context));
    await builderApp.register(leadNotificationRoutes(context));
    await builderApp.register(analyticsRoutes(context));
    await builderApp.register(htmlFormRoutes(context));
    await builderApp.register(accountRoutes(context));
    await builderApp.register(profileRoutes(context));
    await builderApp.register(leadsChallengeRoutes(context, imageStorage));
    await builderApp.register(templateRoutes(context));
    await builderApp.register(themeRoutes(context, site));
    await builderApp.register(visitorTextRoutes(context));
    await builderApp.register(embedPreviewRoutes(context));
    await apiReferenceRoutes(builderApp, context);
    if (options.cliControlToken) {
      await builderApp.register(internalCliRoutes(context, options.cliControlToken));
    }
    await registerBuilderAssets(builderApp, context, options.builderDist ?? defaultBuilderDist);
  });
  return app;
}
