import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A response body compressed once, up front, in every encoding we serve. */
export interface CompressedBody {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

export function compressBody(text: string, etag: string): CompressedBody {
  const identity = Buffer.from(text);
  return {
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    etag: `"${etag}"`,
  };
}

/** How a published page is sent, by Fastify or by the published page lane alike. */
export const PAGE_HEADERS = {
  contentType: 'text/html; charset=utf-8',
  // Revalidated on every visit (ETag = snapshot id), so Republish and Unpublish show at once.
  cacheControl: 'public, max-age=0, must-revalidate',
} as const;

export type Encoding = 'br' | 'gzip' | 'identity';

export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return 'identity';
}
