import type { SwaggerTransform } from '@fastify/swagger';
import type { Access, Endpoint } from '@quizbeam/contracts/endpoint';
import { type ErrorBody, errorCodes } from '@quizbeam/contracts/errors';
import { ZAPIER_API_KEY_HEADER } from '@quizbeam/contracts/zapier';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env';
import { sessionCookieName } from '../auth/sessionCookie';

const COOKIE_AUTH = 'cookieAuth';
const API_KEY_AUTH = 'apiKeyAuth';

interface ApiKeyScheme {
  type: 'apiKey';
  in: 'cookie' | 'header';
  name: string;
  description: string;
}

/** How callers authenticate: the session cookie, or (the Zapier app) the account's API key. */
export function securitySchemes(config: Config): Record<string, ApiKeyScheme> {
  return {
    [COOKIE_AUTH]: {
      type: 'apiKey',
      in: 'cookie',
      name: sessionCookieName(config),
      description:
        'The session cookie POST /api/login sets. Writes (POST, PUT, DELETE) must also come from the builder’s origin: a browser’s Origin header naming another site is refused (403).',
    },
    [API_KEY_AUTH]: {
      type: 'apiKey',
      in: 'header',
      name: ZAPIER_API_KEY_HEADER,
      description: 'The account’s API key, shown on the Zapier page in Quizbeam. No session cookie.',
    },
  };
}

type Tag = Exclude<Access, 'internal'> | 'visitors';

/** The document's tags, one per access, and one for the visitor calls of published sites. */
export function tagsOf(config: Config): { name: Tag; description: string }[] {
  const descriptions: Record<Tag, string> = {
    public: 'No session needed',
    user: 'A signed-in user (the session cookie)',
    admin: 'An admin (the session cookie); 404 for anyone else',
    apiKey: 'The Zapier app: the account’s API key in the X-API-Key header',
    visitors: `Visitors of a published site, on its own origin (${config.publishUrl} or a custom domain); no session`,
  };
  return Object.entries(descriptions).map(([name, description]) => ({ name: name as Tag, description }));
}

const securityOf: Record<Access, { [scheme: string]: string[] }[]> = {
  public: [],
  internal: [],
  user: [{ [COOKIE_AUTH]: [] }],
  admin: [{ [COOKIE_AUTH]: [] }],
  apiKey: [{ [API_KEY_AUTH]: [] }],
};

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * An id from the method and path, unique as they are: `GET /accounts/:account/zapier/api-key` is
 * `getAccountsByAccountZapierApiKey`.
 */
export function operationIdOf({ method, path }: Pick<Endpoint, 'method' | 'path'>): string {
  const words = path
    .split('/')
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/),
    );
  return method.toLowerCase() + words.filter(Boolean).map(capitalized).join('');
}

const ERROR_BODY = 'ErrorBody';

/** The schemas operations refer to: every error answer has the same body. */
export function componentSchemas() {
  return {
    [ERROR_BODY]: {
      type: 'object' as const,
      description:
        'Every error answer: `error` is a text to show, `code` is for programs. Some carry more fields (a refused publish lists `incompleteItems`; a save conflict names the newer `revision`).',
      properties: {
        error: { type: 'string' as const },
        code: { type: 'string' as const, enum: [...errorCodes] },
      },
      required: ['error', 'code'] satisfies (keyof ErrorBody)[],
    },
  };
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_BODY}` } } },
});

/** The 4xx answers registerEndpoint (and the app's hooks) give for what the declaration says. */
function errorAnswersOf(declaration: Endpoint) {
  const { access, method, site, path } = declaration;
  const answers: Record<number, ReturnType<typeof errorAnswer>> = {
    400: errorAnswer(
      'Invalid request (`validation_failed`): the query or body fails its schema, or holds text that cannot be stored',
    ),
  };
  if (access === 'user' || access === 'admin') {
    answers[401] = errorAnswer('Signed out (`unauthenticated`): no valid session cookie');
  }
  if (access === 'apiKey') {
    answers[401] = errorAnswer(
      `No API key in ${ZAPIER_API_KEY_HEADER}, or one that names no account (\`unauthenticated\`)`,
    );
  }
  if (site !== 'published' && method !== 'GET') {
    answers[403] = errorAnswer('Refused (`forbidden_origin`): sent from a page of another website');
  }
  const notFound = [
    ...(access === 'admin' ? ['the caller is not an admin'] : []),
    ...(path.includes(':') ? ['a value in the path names nothing this caller may see'] : []),
  ];
  if (notFound.length > 0) answers[404] = errorAnswer(`Not found (\`not_found\`): ${notFound.join(', or ')}`);
  return answers;
}

/** The successful answer as the document shows it: a schema for JSON, a described body for the other kinds. */
function successOf(declaration: Endpoint) {
  const status = declaration.successStatus ?? 200;
  const answer = declaration.response;
  if (!('kind' in answer)) return { status, success: answer };
  if (answer.kind === 'html') {
    return {
      status,
      success: { description: 'The page (HTML)', content: { 'text/html': { schema: z.string() } } },
    };
  }
  return {
    status,
    success: {
      description: 'The file, with its own Content-Type',
      content: { 'application/octet-stream': { schema: z.string() } },
    },
  };
}

/**
 * How a declared endpoint appears in the OpenAPI document (its route's `swaggerTransform`): under the path
 * its callers use, with its tag, id, security, 4xx answers and, for visitor calls, the publish origin.
 */
export function endpointOperation(declaration: Endpoint, config: Config): SwaggerTransform {
  return (input) => {
    if (declaration.access === 'internal' || declaration.page)
      return { schema: { hide: true }, url: input.url };
    const published = declaration.site === 'published';
    const { status, success } = successOf(declaration);
    const { schema } = jsonSchemaTransform({
      ...input,
      schema: { ...input.schema, response: { [status]: success } },
    });
    const documented: FastifySchema = {
      ...schema,
      response: {
        ...(schema.response as object),
        ...errorAnswersOf(declaration),
      },
      operationId: operationIdOf(declaration),
      summary: declaration.summary,
      tags: [published ? 'visitors' : declaration.access],
      security: securityOf[declaration.access],
      ...(published
        ? {
            servers: [{ url: config.publishUrl, description: 'The publish host; custom domains answer too' }],
          }
        : {}),
      ...(declaration.bodyFormat === 'form' ? { consumes: ['application/x-www-form-urlencoded'] } : {}),
      ...(declaration.bodyFormat === 'bytes' ? { consumes: ['application/octet-stream'] } : {}),
    };
    const url = declaration.underBasePath ? `${config.basePath}${declaration.path}` : declaration.path;
    return { schema: documented, url };
  };
}
