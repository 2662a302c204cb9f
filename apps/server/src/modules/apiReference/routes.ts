import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_REFERENCE_PATH, openApiEndpoint } from '@quizbeam/contracts/apiReference';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { PUBLISHED_PREFIX } from '../publishedSite/siteHosts';

/**
 * Collects every declared endpoint as it is registered (so it must come before the routes): the OpenAPI
 * document is generated from the declarations' own schemas. Routes without a declaration (pages, assets)
 * carry no tag and stay out of it.
 */
export async function collectApiReference(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Quizbeam API',
        version: '1',
        description:
          'Signed-in calls use the session cookie set by POST /api/login, and writes must come from the builder origin. Visitor calls (tag "visitors") are answered on published sites: the publish host and custom domains.',
      },
      servers: [{ url: context.config.appUrl }],
      tags: [
        { name: 'public', description: 'No session needed' },
        { name: 'user', description: 'A signed-in user' },
        {
          name: 'visitors',
          description: `On a published site (${context.config.publishUrl} or a custom domain)`,
        },
      ],
    },
    hideUntagged: true,
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      // Published sites' routes are registered under a prefix their visitors never see.
      return { ...transformed, url: transformed.url.replace(PUBLISHED_PREFIX, '') };
    },
  });
}

/** The document and the rendered page (Swagger UI), on the builder's host. */
export async function apiReferenceRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  registerEndpoint(app, context, openApiEndpoint, async () => app.swagger() as never);
  await app.register(fastifySwaggerUi, {
    routePrefix: API_REFERENCE_PATH,
    // No validator badge: it would ask a third party about our document.
    uiConfig: { url: openApiEndpoint.path, validatorUrl: null },
    staticCSP: true,
    // Swagger UI sets inline styles as it renders; the page shows only our own document, so styles (never
    // scripts) may be inline here, and nothing may come from other sites.
    transformStaticCSP: (header) =>
      header
        .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'")
        .replace(/font-src [^;]*/, "font-src 'self' data:")
        .replace(/img-src [^;]*/, "img-src 'self' data:")
        .replace(/ ?upgrade-insecure-requests;?/, ''),
  });
}
