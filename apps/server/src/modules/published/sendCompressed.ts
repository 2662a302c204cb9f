import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CompressedBody, preferredEncoding } from './compressedBody';

/** Sends a pre-compressed body in the encoding the client prefers, answering 304 to a matching ETag. */
export function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CompressedBody,
  headers: { contentType: string; cacheControl: string },
): FastifyReply {
  reply.header('content-type', headers.contentType);
  reply.header('cache-control', headers.cacheControl);
  reply.header('etag', body.etag);
  reply.header('vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === body.etag) return reply.status(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(body.identity);
  reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? body.br : body.gzip);
}
