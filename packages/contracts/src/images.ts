import { z } from 'zod';
import { accountParam, endpoint, okResponseSchema } from './endpoint';
import { imageVariantSchema } from './quiz';

/**
 * Every upload gets a key of its own, so a file never changes at its URL and can be cached long: the upload
 * PUT carries `Cache-Control: max-age=2419200` (28 days); served files say the same.
 */
export const IMAGE_CACHE_MAX_AGE = 2419200;
/** The largest image we accept. Background images are 1280x900; 5 MB leaves room for photos. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** How long an upload URL stays valid after `image/create`. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
/** The largest width or height the builder may declare for an image. */
export const IMAGE_MAX_DIMENSION = 20_000;

/** SVG is left out on purpose: it can carry scripts, and images are served from the app origin. */
export const imageExtensions = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
export type ImageExtension = (typeof imageExtensions)[number];

export const imageContentTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageContentType = (typeof imageContentTypes)[number];

export const IMAGE_TYPE_MESSAGE = 'That file is not a PNG, JPEG, GIF or WebP image.';
export const IMAGE_TOO_LARGE_MESSAGE = 'That file is larger than 5 MB.';
/** Shown beside every image picker, so the limits are known before a file is chosen. */
export const IMAGE_LIMITS_TEXT = 'PNG, JPEG, GIF or WebP, up to 5 MB.';
/** The recommended size of a background or share image. */
export const IMAGE_SIZE_HINT_TEXT = 'Use an image of at least 1280 × 900 for the best look.';
export const IMAGE_SIZE_REQUIRED_MESSAGE = 'Invalid request. body/size: the file size in bytes is required.';
/** `image/complete` on a file that has an image's name and header but cannot be decoded. */
export const IMAGE_UNREADABLE_MESSAGE =
  'We could not read that image. Please upload a PNG, JPEG, GIF or WebP file that opens on your computer.';
/** Larger originals are refused by `image/complete` (decoding one takes too much memory). */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_TOO_MANY_PIXELS_MESSAGE =
  'That image has more than 40 megapixels. Please upload a smaller image (at most 8000 × 5000).';
/** The widths `image/complete` makes smaller copies at (those below the original's width). */
export const IMAGE_VARIANT_WIDTHS = [640, 960, 1280, 1920] as const;

/** What the quota refusal says, with the account's limit in megabytes. */
export const imageQuotaMessage = (limitBytes: number): string =>
  `Your account has used its ${Math.round(limitBytes / (1024 * 1024)).toLocaleString('en-US')} MB of image storage. Please contact support to raise the limit.`;

const extensionPattern = new RegExp(`\\.(${imageExtensions.join('|')})$`, 'i');

/** Why a chosen file cannot be uploaded (checked in the browser before any call), or null. */
export function imageFileProblem(file: { name: string; type: string; size: number }): string | null {
  const typeAccepted =
    (imageContentTypes as readonly string[]).includes(file.type) ||
    (file.type === '' && extensionPattern.test(file.name));
  if (!typeAccepted || !extensionPattern.test(file.name)) return IMAGE_TYPE_MESSAGE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return null;
}
const dimension = z.number().int().min(1).max(IMAGE_MAX_DIMENSION);

export const createImageBodySchema = z.object({
  filename: z.string().trim().min(1).max(255).regex(extensionPattern, IMAGE_TYPE_MESSAGE),
  /**
   * Measured by the builder in the browser (naturalWidth/naturalHeight). With S3 the server never
   * sees the bytes, so these are what it can echo; with local disk the upload answer measures them.
   */
  width: dimension.optional(),
  height: dimension.optional(),
  /**
   * The file's size in bytes. It counts against the account's image storage (without it, the largest
   * allowed size is reserved until the upload is measured). Required with S3, where the upload link is
   * signed for exactly this size.
   */
  size: z.number().int().min(1).max(IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE).optional(),
});
export type CreateImageBody = z.infer<typeof createImageBodySchema>;

export const createImageResponseSchema = z.object({
  preSignedUrl: z.string(),
  accountId: z.string(),
  s3Key: z.string(),
  /** The public URL the image is shown at once uploaded. */
  url: z.string(),
  /** For the quiz document's Image object: its id and the stored (sanitized) file name. */
  id: z.string(),
  filename: z.string(),
  /** Send exactly these headers with the PUT: S3 signs them, so any other value is refused. */
  uploadHeaders: z.object({ 'Content-Type': z.enum(imageContentTypes), 'Cache-Control': z.string() }),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type CreateImageResponse = z.infer<typeof createImageResponseSchema>;

/** What the app's own upload URL (local disk storage) answers to the PUT; S3 answers with an empty body. */
export const uploadImageResponseSchema = z.object({ width: z.number().int(), height: z.number().int() });
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;

export const completeImageBodySchema = z.object({ s3Key: z.string().min(1).max(1024) });
export type CompleteImageBody = z.infer<typeof completeImageBodySchema>;

/** The uploaded image's displayed size and its resized copies (WebP and a fallback per width). */
export const completeImageResponseSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(imageVariantSchema),
});
export type CompleteImageResponse = z.infer<typeof completeImageResponseSchema>;

export const deleteImageBodySchema = z.object({ s3Key: z.string().min(1).max(1024) });
export type DeleteImageBody = z.infer<typeof deleteImageBodySchema>;
const accountParams = z.object({ account: accountParam });

export const createImageEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/image/create',
  access: 'user',
  summary: 'A signed URL to PUT an image to, and the Image fields for the quiz',
  params: accountParams,
  body: createImageBodySchema,
  response: createImageResponseSchema,
});
/**
 * After the PUT: makes the responsive variants of the uploaded image (once; a repeat answers the stored
 * ones) so the published page can offer a `srcset`.
 */
export const completeImageEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/image/complete',
  access: 'user',
  summary: "Make the resized copies of an uploaded image and answer them with the image's size",
  params: accountParams,
  body: completeImageBodySchema,
  response: completeImageResponseSchema,
});
export const deleteImageEndpoint = endpoint({
  method: 'POST',
  path: '/accounts/:account/image/delete',
  access: 'user',
  summary: "Delete one of the account's images",
  params: accountParams,
  body: deleteImageBodySchema,
  response: okResponseSchema,
});
