import type { Readable } from 'node:stream';

/**
 * Reads at most maxBytes; beyond that the stream is destroyed (closing the connection), so a destination
 * that sends 100 MB costs us maxBytes of memory, not 100 MB.
 */
export async function readCappedBody(
  body: Readable,
  maxBytes: number,
): Promise<{ text: string; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of body) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    const room = maxBytes - size;
    if (bytes.length > room) {
      chunks.push(bytes.subarray(0, room));
      size += room;
      truncated = true;
      break;
    }
    chunks.push(bytes);
    size += bytes.length;
  }
  // Destroying an unfinished undici body emits an abort error that nobody needs to hear.
  if (truncated) body.on('error', () => {}).destroy();
  // Not fatal: a destination's garbage is shown as replacement characters, never refused.
  return { text: new TextDecoder('utf-8').decode(Buffer.concat(chunks, size)), truncated };
}
