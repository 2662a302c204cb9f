import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_REFERENCE_PATH, openApiEndpoint } from '@quizbeam/contracts/apiReference';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppContext } from '../../http/appContext';
import { registerEndpoint } from '../../http/registerEndpoint';
import { componentSchemas, securitySchemes, tagsOf } from './endpointOperation';

/**
 * Collects every declared endpoint as it is registered (so it must come before the routes): the OpenAPI
 * document is generated from the declarations' own schemas, each placed by its route's `swaggerTransform`
 * (see endpointOperation.ts). Routes without a declaration (pages, assets) carry no tag and stay out of it.
 */
export async function collectApiReference(app: FastifyInstance, context: AppContext): Promise<void> {
  const { config } = context;
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Quizbeam API',
        version: '1',
        description:
          'Signed-in calls send the session cookie set by POST /api/login (`cookieAuth`), and their writes must come from the builder origin. The Zapier app sends the account\'s API key in the X-API-Key header (`apiKeyAuth`). Visitor calls (tag "visitors") are answered on published sites: the publish host and custom domains.',
      },
      servers: [{ url: config.appUrl, description: 'The builder and its API' }],
      components: { securitySchemes: securitySchemes(config), schemas: componentSchemas() },
      tags: tagsOf(config),
    },
    hideUntagged: true,
    transform: jsonSchemaTransform,
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
