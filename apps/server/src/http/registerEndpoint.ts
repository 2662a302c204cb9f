import type { Me } from '@quizbeam/contracts/auth';
import type { Access, Endpoint, EndpointParts, OtherAnswer, ResponseOf } from '@quizbeam/contracts/endpoint';
import { ZAPIER_API_KEY_HEADER } from '@quizbeam/contracts/zapier';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { endpointOperation } from '../features/apiReference/endpointOperation';
import { requireUser } from '../features/auth/sessionCookie';
import { PUBLISHED_PREFIX } from '../features/publishedSite/siteHosts';
import { requireApiKeyAccount } from '../features/zapier/apiKeyCaller';
import { notFound } from '../shared/appError';
import type { AppContext } from './appContext';

type App = Parameters<FastifyPluginAsyncZod>[0];

type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/**
 * What a handler gets: the checked params, query and body, the signed-in user where access needs one, and
 * for `apiKey` access the id of the account whose key the request carries.
 */
export interface EndpointInput<E extends Endpoint> {
  params: Output<EndpointParts<E>['params']>;
  query: Output<EndpointParts<E>['query']>;
  body: Output<EndpointParts<E>['body']>;
  me: EndpointParts<E>['access'] extends 'user' | 'admin' ? Me : null;
  apiKeyAccountId: EndpointParts<E>['access'] extends 'apiKey' ? string : null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type EndpointHandler<E extends Endpoint> = (
  input: EndpointInput<E>,
) => Promise<ResponseOf<E> | FastifyReply>;

const isOtherAnswer = (response: z.ZodType | OtherAnswer): response is OtherAnswer => 'kind' in response;

/** What an endpoint whose body is a raw file may add to registering it. */
export interface RawBodyOptions {
  /**
   * Checks made before the body is read (after access and params), so that a refused upload costs nothing:
   * the query is not validated yet, so a repeated parameter arrives as an array.
   */
  beforeBody?: (input: { request: FastifyRequest; me: Me | null; params: unknown }) => Promise<void> | void;
  /** The error for a body past `maxBodyBytes` (the app's 413 otherwise). */
  tooLarge?: () => Error;
}

/** What the access check found, kept for the handler (the hook and the handler see the same request). */
const checked = new WeakMap<
  FastifyRequest,
  { me: Me | null; apiKeyAccountId: string | null; params: unknown }
>();

async function userFor(
  access: Access,
  request: FastifyRequest,
  reply: FastifyReply,
  context: AppContext,
): Promise<Me | null> {
  if (access === 'public' || access === 'internal' || access === 'apiKey') return null;
  const me = await requireUser(request, context, reply);
  // An admin-only endpoint does not exist for anyone else: 404, never 403.
  if (access === 'admin' && !me.isAdmin) throw notFound();
  return me;
}

function urlOf(declaration: Endpoint, context: AppContext): string {
  if (declaration.site === 'published') return `${PUBLISHED_PREFIX}${declaration.path}`;
  if (!declaration.underBasePath) return declaration.path;
  // The builder's home is `{base}` itself (the server ignores a trailing slash), `/` without a base path.
  return `${context.config.basePath}${declaration.path}`.replace(/(.)\/$/, '$1');
}

/**
 * Registers an endpoint from its declaration, the only way a route is added. Before the handler, in this
 * order: the caller is authenticated as the declaration's access asks (401; `apiKey`: the X-API-Key header's
 * SHA-256 must name a stored key, see features/zapier/apiKeyCaller); an `:account` in the path must be the
 * signed-in user's (404); path parameters that fail their schema name nothing (404); the query and body are
 * validated (400). A JSON answer must match the response schema; a page is sent as HTML; a file or a redirect
 * is sent by the handler. For a raw file body these checks come before the body is read.
 */
export function registerEndpoint<E extends Endpoint>(
  app: App,
  context: AppContext,
  declaration: E,
  handler: EndpointHandler<E>,
  rawBody: RawBodyOptions = {},
): void {
  const answer = declaration.response;
  const other = isOtherAnswer(answer) ? answer.kind : null;
  const status = declaration.successStatus ?? 200;
  const rawBodyRead = declaration.bodyFormat === 'bytes';

  const check = async (request: FastifyRequest, reply: FastifyReply) => {
    const me = await userFor(declaration.access, request, reply, context);
    const apiKeyAccountId =
      declaration.access === 'apiKey'
        ? await requireApiKeyAccount(request.headers[ZAPIER_API_KEY_HEADER.toLowerCase()], context.db)
        : null;
    const raw = (request.params ?? {}) as Record<string, unknown>;
    if ('account' in raw && me && raw.account !== me.account.id) throw notFound();
    const params = declaration.params ? declaration.params.safeParse(raw) : { success: true, data: {} };
    if (!params.success) throw notFound();
    checked.set(request, { me, apiKeyAccountId, params: params.data });
    await rawBody.beforeBody?.({ request, me, params: params.data });
  };

  const register = (scope: App) =>
    scope.route({
      method: declaration.method,
      ...(declaration.maxBodyBytes ? { bodyLimit: declaration.maxBodyBytes } : {}),
      url: urlOf(declaration, context),
      // How it appears in the OpenAPI document: access, errors and origin come from the declaration.
      config: { swaggerTransform: endpointOperation(declaration, context.config) },
      schema: {
        ...(declaration.params ? { params: declaration.params } : {}),
        ...(declaration.query ? { querystring: declaration.query } : {}),
        ...(declaration.body ? { body: declaration.body } : {}),
        ...(other ? {} : { response: { [status]: answer } }),
      },
      ...(rawBodyRead ? { onRequest: check } : { preValidation: check }),
      handler: async (request, reply) => {
        const found = checked.get(request);
        const input = {
          params: found?.params,
          query: request.query,
          body: request.body,
          me: found?.me ?? null,
          apiKeyAccountId: found?.apiKeyAccountId ?? null,
          request,
          reply,
        } as EndpointInput<E>;
        const result = await handler(input);
        // A handler that sent its own answer returns the reply, which is a thenable: awaiting it waits for the
        // answer to finish and gives undefined, so the reply's state says it was sent.
        if (result === reply || reply.sent) return reply;
        if (other === 'html') return reply.type('text/html; charset=utf-8').send(result);
        if (other) throw new Error(`${declaration.method} ${declaration.path}: the handler sent no ${other}`);
        return reply.status(status).send(result);
      },
    });

  if (!rawBodyRead) {
    register(app);
    return;
  }
  // In a scope of its own: the body is the raw file whatever its Content-Type says, read by Fastify up to the
  // cap (checked on Content-Length first, then while it arrives).
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const { tooLarge } = rawBody;
    if (tooLarge) {
      scope.setErrorHandler((error: FastifyError) => {
        throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLarge() : error;
      });
    }
    register(scope);
  });
}
