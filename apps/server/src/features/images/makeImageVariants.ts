import { availableParallelism } from 'node:os';
import {
  IMAGE_MAX_PIXELS,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMAGE_UNREADABLE_MESSAGE,
  IMAGE_VARIANT_WIDTHS,
} from '@quizbeam/contracts/images';
import type { ImageVariant } from '@quizbeam/contracts/quiz';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../shared/appError';
import { readImageSize } from './readImageSize';

export type VariantType = ImageVariant['type'];

export interface MadeVariant {
  width: number;
  height: number;
  type: VariantType;
  bytes: Buffer;
}

export interface MadeVariants {
  /** The original's displayed size (after its Exif orientation). */
  width: number;
  height: number;
  variants: MadeVariant[];
}

/*
 * sharp works in libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which file reads
 * and page compression share: resize jobs leave one of its threads free, and libvips gets the cores shared
 * out between the jobs instead of every job starting a thread per core.
 */
const threadPoolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const RESIZE_JOBS_AT_ONCE = Math.max(1, Math.min(availableParallelism(), threadPoolSize - 1));
sharp.concurrency(Math.max(1, Math.floor(availableParallelism() / RESIZE_JOBS_AT_ONCE)));
// Each image is resized once: libvips' operation cache would only hold memory.
sharp.cache(false);

const WEBP_QUALITY = 75;
const JPEG_QUALITY = 80;
const DECODABLE_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);

const unreadable = () => new AppError('validation_failed', IMAGE_UNREADABLE_MESSAGE);

/** The widths to make: those of IMAGE_VARIANT_WIDTHS below the original's, or the original's own width. */
export function variantWidths(originalWidth: number): number[] {
  const smaller = IMAGE_VARIANT_WIDTHS.filter((width) => width < originalWidth);
  return smaller.length > 0 ? smaller : [originalWidth];
}

async function encode(image: Sharp, type: VariantType, fromGif: boolean): Promise<MadeVariant> {
  const encoder =
    type === 'image/webp'
      ? image.webp({ quality: WEBP_QUALITY })
      : type === 'image/png'
        ? image.png({ palette: fromGif })
        : image.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY, mozjpeg: true });
  const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, type, bytes: data };
}

/**
 * The responsive copies of an uploaded image: at each width of `variantWidths`, a WebP and a fallback every
 * browser shows (PNG for PNG, GIF and transparent WebP originals, else JPEG), upright (Exif orientation
 * applied), without metadata, a GIF's first frame only. Refuses with a 400 anything that is not a PNG,
 * JPEG, GIF or WebP by its bytes (so no other decoder sharp has, SVG above all, ever runs), images over
 * IMAGE_MAX_PIXELS, and files that fail to decode. The outputs are made one after another, so one job
 * takes one thread of the pool at a time.
 */
export async function makeImageVariants(original: Buffer): Promise<MadeVariants> {
  const header = readImageSize(original);
  if (!header) throw new AppError('validation_failed', IMAGE_TYPE_MESSAGE);
  if (header.width * header.height > IMAGE_MAX_PIXELS) {
    throw new AppError('validation_failed', IMAGE_TOO_MANY_PIXELS_MESSAGE);
  }
  const input = sharp(original, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).autoOrient();
  try {
    const metadata = await input.metadata();
    if (!DECODABLE_FORMATS.has(metadata.format)) throw unreadable();
    const { width, height } = metadata.autoOrient;
    const fromGif = metadata.format === 'gif';
    const fallback: VariantType =
      metadata.format === 'png' || fromGif || metadata.hasAlpha ? 'image/png' : 'image/jpeg';
    const variants: MadeVariant[] = [];
    for (const variantWidth of variantWidths(width)) {
      const resized = input.clone().resize({ width: variantWidth, withoutEnlargement: true });
      variants.push(await encode(resized.clone(), 'image/webp', fromGif));
      variants.push(await encode(resized.clone(), fallback, fromGif));
    }
    return { width, height, variants };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
}
