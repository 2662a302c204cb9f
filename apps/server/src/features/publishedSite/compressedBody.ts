import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A response body compressed once, up front, in every encoding we serve. */
export interface CompressedBody {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

/**
 * Compresses in libuv's thread pool: brotli at its best quality takes hundreds of milliseconds for a large
 * page, which must never hold up the event loop that serves every other visitor.
 */
export async function compressBody(text: string, etag: string): Promise<CompressedBody> {
  const identity = Buffer.from(text);
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
  ]);
  return { identity, gzip: gzipped, br: brotli, etag: `"${etag}"` };
}

export const compressedSize = (body: CompressedBody): number =>
  body.identity.length + body.gzip.length + body.br.length;

export type Encoding = 'br' | 'gzip' | 'identity';
const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];

/** The encoding the client prefers by its Accept-Encoding (q-values included); identity when it names none we have. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const chosen = negotiate(acceptEncoding, ENCODINGS);
  return ENCODINGS.find((encoding) => encoding === chosen) ?? 'identity';
}
