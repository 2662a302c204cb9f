import { createServer } from 'node:http';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { resolvedDataDir } from './config/runtime';
import type { AppContext } from './http/appContext';
import { registerErrorHandling } from './http/errorHandler';
import { registerJsonBodyParser } from './http/jsonBodyParser';
import { registerServerTiming } from './http/serverTiming';
import { adminRoutes } from './modules/admin/routes';
import { authRoutes } from './modules/auth/routes';
import { defaultBuilderDist, registerBuilderAssets } from './modules/builder/builderAssets';
import { domainRoutes } from './modules/domains/routes';
import { imageRoutes } from './modules/images/routes';
import { internalCliRoutes } from './modules/internal/routes';
import { publishRoutes } from './modules/publish/routes';
import { addPublishedPageLane, type PublishedPageLane } from './modules/published/publishedPageLane';
import { createPublishedSite } from './modules/published/publishedSite';
import { publishedSiteRoutes } from './modules/published/routes';
import { PUBLISHED_PREFIX } from './modules/published/siteHosts';
import { quizRoutes } from './modules/quizzes/routes';
import { scriptRoutes } from './modules/scripts/routes';
import { sharingRoutes } from './modules/sharing/routes';
import { assertSameOrigin } from './security/originCheck';
import { createImageStorage } from './storage/createImageStorage';

export interface BuildAppOptions {
  builderDist?: string;
  /** Set when the server owns an embedded database, so the CLI can hand its commands over. */
  cliControlToken?: string;
  logger?: boolean;
}

export async function buildApp(context: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = context;
  const site = await createPublishedSite(context, (error) => console.error('visitor events:', error));
  let pageLane: PublishedPageLane | undefined;
  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    serverFactory: (handler) => {
      // A send buffer that holds a whole page, so a response goes out in one write.
      const server = createServer({ highWaterMark: 64 * 1024 }, handler);
      pageLane = addPublishedPageLane(server, site);
      return server;
    },
    // Published sites (PUBLISH_URL's host, custom domains) get their own routes under PUBLISHED_PREFIX;
    // the builder's host can never reach those routes, nor a published site the builder's.
    rewriteUrl: (request) => {
      const url = request.url ?? '/';
      if (url.startsWith('/internal/')) return url;
      if (site.hosts.publishedSiteOf(request.headers.host) !== null) return `${PUBLISHED_PREFIX}${url}`;
      return url.startsWith(PUBLISHED_PREFIX) ? `/not-found${url}` : url;
    },
  });
  app.addHook('preClose', async () => pageLane?.close());
  app.addHook('onClose', async () => site.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerServerTiming(app);
  registerErrorHandling(app);
  registerJsonBodyParser(app);

  const appOrigin = new URL(config.appUrl).origin;
  app.addHook('onRequest', async (request) => {
    // The visitor API is called from published pages, on their own origin.
    if (request.url.startsWith('/internal/') || request.url.startsWith(PUBLISHED_PREFIX)) return;
    assertSameOrigin(request, appOrigin);
  });

  // Brotli's default quality (11) costs too much CPU per response; 4 is near gzip's speed and smaller.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie, { secret: context.sessionSecret });
  await app.register(authRoutes(context));
  await app.register(adminRoutes(context));
  await app.register(quizRoutes(context, site));
  await app.register(scriptRoutes(context));
  await app.register(publishRoutes(context, site));
  await app.register(sharingRoutes(context, site));
  await app.register(publishedSiteRoutes(context, site));
  await app.register(
    domainRoutes(context, {
      onAdded: (host) => site.hosts.addDomain(host),
      onRemoved: (host) => {
        site.hosts.removeDomain(host);
        site.pages.invalidateHost(host);
      },
    }),
  );
  const imageStorage = createImageStorage({
    appUrl: config.appUrl,
    uploadsDir: path.join(resolvedDataDir(config), 'uploads'),
    secret: context.sessionSecret,
    s3: config.s3,
  });
  await app.register(imageRoutes(context, imageStorage));
  if (options.cliControlToken) await app.register(internalCliRoutes(context, options.cliControlToken));
  await registerBuilderAssets(app, config, options.builderDist ?? defaultBuilderDist);
  return app;
}
