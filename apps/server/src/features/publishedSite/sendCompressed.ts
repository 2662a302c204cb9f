import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CompressedBody, preferredEncoding } from './compressedBody';

/** True when an If-None-Match header names the ETag (weakly, as RFC 9110 compares for GET), or is `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** Sends a pre-compressed body in the encoding the client prefers, answering 304 to a matching ETag. */
export function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CompressedBody,
  headers: { contentType: string; cacheControl: string; varyByLanguage?: boolean },
): FastifyReply {
  reply.header('content-type', headers.contentType);
  reply.header('cache-control', headers.cacheControl);
  reply.header('etag', body.etag);
  reply.header('vary', headers.varyByLanguage ? 'Accept-Encoding, Accept-Language' : 'Accept-Encoding');
  if (matchesEtag(request.headers['if-none-match'], body.etag)) return reply.status(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(body.identity);
  reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? body.br : body.gzip);
}
