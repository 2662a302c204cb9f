import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * Fastify's `genReqId`: the caller's X-Request-Id when it is sane (a proxy's id ties its log lines to
 * ours), otherwise a new one, so nothing a client sends can forge or flood our log lines.
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Every answer names its request id, whether or not requests are logged. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
