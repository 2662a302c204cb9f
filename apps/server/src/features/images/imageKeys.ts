import type { ImageContentType, ImageExtension } from '@quizbeam/contracts/images';
import type { ImageVariant } from '@quizbeam/contracts/quiz';

const contentTypeByExtension: Record<ImageExtension, ImageContentType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const extensionOf = (filename: string): ImageExtension | null => {
  const dot = filename.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = filename.slice(dot + 1).toLowerCase();
  return Object.hasOwn(contentTypeByExtension, extension) ? (extension as ImageExtension) : null;
};

/** The image type a file name promises (S3 signs it into the upload), or null for anything else. */
export function contentTypeForFilename(filename: string): ImageContentType | null {
  const extension = extensionOf(filename);
  return extension ? contentTypeByExtension[extension] : null;
}

const MAX_STEM_LENGTH = 100;

/**
 * A file name safe in a URL and on any disk: letters, digits, "-" and "_" in the stem, runs of
 * anything else turned into one "-", and the lower-cased extension. "My Photo (1).PNG" → "My-Photo-1.png".
 */
export function sanitizeFilename(filename: string): string {
  const extension = extensionOf(filename) ?? 'png';
  const stem = filename
    .slice(0, Math.max(0, filename.lastIndexOf('.')))
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_STEM_LENGTH)
    .replace(/-+$/, '');
  return `${stem || 'image'}.${extension}`;
}

/** Every image of an account lives under this prefix; delete accepts nothing else. */
export const accountImagePrefix = (accountId: string) => `accounts/${accountId}/images/`;

export interface NewImageKey {
  id: string;
  filename: string;
  s3Key: string;
}

/** A fresh key per upload (the id folder), so two files with one name never collide. */
export function newImageKey(accountId: string, filename: string): NewImageKey {
  const id = crypto.randomUUID();
  const safeName = sanitizeFilename(filename);
  return { id, filename: safeName, s3Key: `${accountImagePrefix(accountId)}${id}/${safeName}` };
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ORIGINAL = `^accounts/(${UUID})/images/${UUID}/[A-Za-z0-9_-]+\\.(?:png|jpe?g|gif|webp)`;
const IMAGE_KEY = new RegExp(`${ORIGINAL}$`);
const IMAGE_OR_VARIANT_KEY = new RegExp(`${ORIGINAL}(?:\\.w[1-9][0-9]{0,4}\\.(?:webp|jpg|png))?$`);

/** The account a key we issued belongs to, or null when the key is not one of ours. */
export function accountOfImageKey(s3Key: string): string | null {
  return IMAGE_KEY.exec(s3Key)?.[1] ?? null;
}

/** Like accountOfImageKey, also for the variants `image/complete` stores beside an image. */
export function accountOfStoredImageKey(s3Key: string): string | null {
  return IMAGE_OR_VARIANT_KEY.exec(s3Key)?.[1] ?? null;
}

const variantExtension: Record<ImageVariant['type'], string> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** Where a variant of an image is stored: beside it, named by its width and type ("….png.w640.webp"). */
export const variantKey = (s3Key: string, width: number, type: ImageVariant['type']): string =>
  `${s3Key}.w${width}.${variantExtension[type]}`;
