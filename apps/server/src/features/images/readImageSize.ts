import type { ImageContentType } from '@quizbeam/contracts/images';

export interface ImageSize {
  contentType: ImageContentType;
  width: number;
  height: number;
}

/**
 * The type and displayed size of an image, read from its header bytes alone (no decoding), or null
 * when the bytes are not a PNG, JPEG, GIF or WebP we can measure. The file extension is never trusted.
 */
export function readImageSize(bytes: Uint8Array): ImageSize | null {
  const size = readPngSize(bytes) ?? readGifSize(bytes) ?? readJpegSize(bytes) ?? readWebpSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));
const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** PNG: the signature, then the IHDR chunk, which must come first: width and height as big-endian u32. */
export function readPngSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 24 || PNG_SIGNATURE.some((byte, i) => bytes[i] !== byte)) return null;
  if (ascii(bytes, 12, 4) !== 'IHDR') return null;
  const data = view(bytes);
  return { contentType: 'image/png', width: data.getUint32(16), height: data.getUint32(20) };
}

/** GIF: "GIF87a" or "GIF89a", then the logical screen width and height as little-endian u16. */
export function readGifSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 10) return null;
  const magic = ascii(bytes, 0, 6);
  if (magic !== 'GIF87a' && magic !== 'GIF89a') return null;
  const data = view(bytes);
  return { contentType: 'image/gif', width: data.getUint16(6, true), height: data.getUint16(8, true) };
}

// SOF0..SOF15 carry the frame size; C4 (DHT), C8 (JPG extension) and CC (DAC) share the range but do not.
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
// Markers that stand alone, without a length: TEM, RST0..RST7, SOI.
const hasNoLength = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8);

/**
 * JPEG: walks the marker segments from SOI to the first SOFn (precision, height, width as big-endian
 * u16). An Exif orientation of 5 to 8 (rotated a quarter turn, as phone photos often are) swaps
 * width and height, because browsers display the image rotated.
 */
export function readJpegSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null;
  const data = view(bytes);
  let orientation = 1;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte before a marker
      continue;
    }
    if (hasNoLength(marker)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or start of scan before any frame
    const length = data.getUint16(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return null;
    const segment = bytes.subarray(offset + 4, offset + 2 + length);
    if (marker === 0xe1) orientation = readExifOrientation(segment) ?? orientation;
    if (isStartOfFrame(marker)) {
      if (segment.length < 5) return null;
      const frame = view(segment);
      const height = frame.getUint16(1);
      const width = frame.getUint16(3);
      const turned = orientation >= 5 && orientation <= 8;
      return { contentType: 'image/jpeg', width: turned ? height : width, height: turned ? width : height };
    }
    offset += 2 + length;
  }
  return null;
}

/** The Orientation tag (0x0112) of IFD0 in an APP1 "Exif" segment, or null when there is none. */
export function readExifOrientation(segment: Uint8Array): number | null {
  if (segment.length < 14 || ascii(segment, 0, 6) !== 'Exif\0\0') return null;
  const tiff = view(segment.subarray(6));
  const order = ascii(segment, 6, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const little = order === 'II';
  if (tiff.getUint16(2, little) !== 42) return null;
  const ifd = tiff.getUint32(4, little);
  if (ifd + 2 > tiff.byteLength) return null;
  const entries = tiff.getUint16(ifd, little);
  for (let i = 0; i < entries; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.byteLength) return null;
    if (tiff.getUint16(entry, little) === 0x0112) return tiff.getUint16(entry + 8, little);
  }
  return null;
}

/**
 * WebP: a RIFF container whose first chunk is VP8 (lossy: 14-bit sizes after the key-frame start
 * code), VP8L (lossless: 14-bit sizes minus one, packed after the 0x2f signature) or VP8X
 * (extended: 24-bit canvas sizes minus one).
 */
export function readWebpSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 16 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP') return null;
  const data = view(bytes);
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ') {
    if (bytes.length < 30 || bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    const width = data.getUint16(26, true) & 0x3fff;
    const height = data.getUint16(28, true) & 0x3fff;
    return { contentType: 'image/webp', width, height };
  }
  if (chunk === 'VP8L') {
    if (bytes.length < 25 || bytes[20] !== 0x2f) return null;
    const bits = data.getUint32(21, true);
    return { contentType: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && bytes.length >= 30) {
    const uint24 = (at: number) =>
      (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16);
    return { contentType: 'image/webp', width: uint24(24) + 1, height: uint24(27) + 1 };
  }
  return null;
}
