import type { IncomingMessage, ServerResponse } from 'node:http';
import { PUBLISHED_SLUG_PATTERN } from '@quizbeam/contracts/publishing';
import { PAGE_HEADERS, preferredEncoding } from './compressedBody';
import type { PublishedSite } from './publishedSite';

const PAGE_PATH = /^\/([a-z0-9]{8})(?:\?.*)?$/;

/**
 * The hot path of a published site: a GET for a page that is in memory and fresh is answered straight from
 * the HTTP server, before Fastify routes it, which about doubles the pages served per second. Anything
 * else (a page to load, a 304, a HEAD, the visitor API) returns false and goes through Fastify as usual,
 * with the same headers (see sendCompressed).
 */
export function servePageFromMemory(
  site: PublishedSite,
  request: IncomingMessage,
  response: ServerResponse,
): boolean {
  if (request.method !== 'GET' || request.headers['if-none-match'] !== undefined) return false;
  const slug = PAGE_PATH.exec(request.url ?? '')?.[1];
  if (!slug || !PUBLISHED_SLUG_PATTERN.test(slug)) return false;
  const host = site.hosts.publishedSiteOf(request.headers.host);
  if (host === null) return false;
  const page = site.pages.cachedPage(host, slug);
  if (!page) return false;
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
  // A flat [name, value, …] array is the cheapest form writeHead takes.
  const headers = [
    'content-type',
    PAGE_HEADERS.contentType,
    'cache-control',
    PAGE_HEADERS.cacheControl,
    'etag',
    page.etag,
    'vary',
    'Accept-Encoding',
    'content-length',
    String(body.length),
  ];
  if (encoding !== 'identity') headers.push('content-encoding', encoding);
  response.writeHead(200, headers);
  response.end(body);
  return true;
}
