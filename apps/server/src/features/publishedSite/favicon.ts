import { crc32, deflateSync } from 'node:zlib';

/*
 * The Quizbeam mark as the published sites' favicon: a white "Q" on an indigo rounded square, drawn here
 * once at start-up (32 × 32, 4 × 4 samples a pixel) and served as an ICO holding one PNG.
 */

const SIZE = 32;
const SAMPLES = 4;
const INDIGO = [0x4f, 0x46, 0xe5] as const;
export const FAVICON_PATH = '/favicon.ico';
export const FAVICON_CACHE_CONTROL = 'public, max-age=2592000';

function insideRoundedSquare(x: number, y: number): boolean {
  const radius = 7;
  const dx = Math.max(radius - x, 0, x - (SIZE - radius));
  const dy = Math.max(radius - y, 0, y - (SIZE - radius));
  return dx * dx + dy * dy <= radius * radius;
}

function insideQ(x: number, y: number): boolean {
  const distance = Math.hypot(x - 15, y - 15);
  if (distance >= 5.5 && distance <= 9.5) return true;
  // The tail: a 4 px stroke from the ring's lower right out towards the corner.
  const along = Math.max(0, Math.min(1, ((x - 18) * 6 + (y - 18) * 6) / 72));
  return Math.hypot(x - (18 + 6 * along), y - (18 + 6 * along)) <= 2;
}

function pixels(): Buffer {
  const rows = Buffer.alloc(SIZE * (SIZE * 4 + 1));
  for (let y = 0; y < SIZE; y++) {
    const row = y * (SIZE * 4 + 1);
    rows[row] = 0; // PNG filter: none
    for (let x = 0; x < SIZE; x++) {
      let square = 0;
      let mark = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const px = x + (sx + 0.5) / SAMPLES;
          const py = y + (sy + 0.5) / SAMPLES;
          if (!insideRoundedSquare(px, py)) continue;
          square++;
          if (insideQ(px, py)) mark++;
        }
      }
      const white = square === 0 ? 0 : mark / square;
      const offset = row + 1 + x * 4;
      INDIGO.forEach((channel, index) => {
        rows[offset + index] = Math.round(channel + (255 - channel) * white);
      });
      rows[offset + 3] = Math.round((square / SAMPLES ** 2) * 255);
    }
  }
  return rows;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels(), { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function ico(image: Buffer): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(1, 4); // one image
  header.set([SIZE, SIZE, 0, 0], 6);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(header.length, 18);
  return Buffer.concat([header, image]);
}

export const FAVICON_ICO: Buffer = ico(png());
