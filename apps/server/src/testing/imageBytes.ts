import { crc32, deflateSync } from 'node:zlib';

/** Tiny images built byte by byte for tests. */

const u32be = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  return Buffer.concat([u32be(data.length), typeAndData, u32be(crc32(typeAndData))]);
}

/** A complete, valid PNG: opaque red RGB pixels. */
export function pngImage(width: number, height: number): Buffer {
  const header = Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 2, 0, 0, 0])]);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([255, 0, 0]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF header with its logical screen size (enough for the size reader). */
export function gifHeader(width: number, height: number, version = 'GIF89a'): Buffer {
  const bytes = Buffer.alloc(13);
  bytes.write(version, 0, 'ascii');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return bytes;
}

function jpegSegment(marker: number, data: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([header, data]);
}

/** An APP1 Exif segment (big-endian TIFF) whose IFD0 holds only the Orientation tag. */
function exifSegment(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'ascii');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // IFD0 right after the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // count
  tiff.writeUInt16BE(orientation, 18);
  return jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]));
}

/** A JPEG's markers up to the frame header: SOI, JFIF APP0, optional Exif, DQT, SOFn, then EOI. */
export function jpegHeader(
  width: number,
  height: number,
  options: { sofMarker?: number; orientation?: number } = {},
): Buffer {
  const frame = Buffer.alloc(15);
  frame[0] = 8; // precision
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  frame[5] = 3; // components
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'binary')),
    ...(options.orientation ? [exifSegment(options.orientation)] : []),
    jpegSegment(0xdb, Buffer.alloc(65)),
    Buffer.from([0xff]), // a fill byte is allowed before any marker
    jpegSegment(options.sofMarker ?? 0xc0, frame),
    Buffer.from([0xff, 0xd9]),
  ]);
}

function riff(chunk: string, payload: Buffer): Buffer {
  const body = Buffer.concat([
    Buffer.from('WEBP', 'ascii'),
    Buffer.from(chunk, 'ascii'),
    Buffer.alloc(4),
    payload,
  ]);
  body.writeUInt32LE(payload.length, 8);
  const header = Buffer.concat([Buffer.from('RIFF', 'ascii'), Buffer.alloc(4)]);
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

export function webpLossyHeader(width: number, height: number): Buffer {
  const frame = Buffer.alloc(10);
  frame.set([0x9d, 0x01, 0x2a], 3);
  frame.writeUInt16LE(width, 6);
  frame.writeUInt16LE(height, 8);
  return riff('VP8 ', frame);
}

export function webpLosslessHeader(width: number, height: number): Buffer {
  const frame = Buffer.alloc(5);
  frame[0] = 0x2f;
  frame.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
  return riff('VP8L', frame);
}

export function webpExtendedHeader(width: number, height: number): Buffer {
  const frame = Buffer.alloc(10);
  frame.writeUIntLE(width - 1, 4, 3);
  frame.writeUIntLE(height - 1, 7, 3);
  return riff('VP8X', frame);
}
