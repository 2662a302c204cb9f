import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CompressedBody, type Encoding, preferredEncoding } from './compressedBody';

/** True when an If-None-Match header names the ETag (weakly, as RFC 9110 compares for GET), or is `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * The ETag of one encoding of a body. Each encoding is a representation of its own: a shared cache holding the
 * brotli copy and revalidating it for a browser that takes only gzip must get the gzip copy, not a 304.
 */
const etagOf = (body: CompressedBody, encoding: Encoding): string =>
  encoding === 'identity' ? body.etag : `${body.etag.slice(0, -1)}-${encoding}"`;

/** Sends a pre-compressed body in the encoding the client prefers, answering 304 to a matching ETag. */
export function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CompressedBody,
  headers: { contentType: string; cacheControl: string; varyByLanguage?: boolean },
): FastifyReply {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const etag = etagOf(body, encoding);
  reply.header('content-type', headers.contentType);
  reply.header('cache-control', headers.cacheControl);
  reply.header('etag', etag);
  reply.header('vary', headers.varyByLanguage ? 'Accept-Encoding, Accept-Language' : 'Accept-Encoding');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
  if (encoding === 'identity') return reply.send(body.identity);
  reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? body.br : body.gzip);
}
