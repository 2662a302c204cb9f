import type { ImageVariant } from '@quizbeam/contracts/quiz';
import { escapeHtml } from './escapeHtml';

/** An image as a page shows it: the original's URL and the resized copies made at upload, if any. */
export interface ResponsiveImageSource {
  url: string;
  variants?: readonly ImageVariant[] | undefined;
}

export interface ResponsiveImageOptions {
  className?: string;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown, so the browser picks the smallest copy that fits. */
  sizes: string;
  /** Off-screen at first (answer pictures further down): fetched only when near the viewport. */
  lazy?: boolean;
}

/** A question's or outcome's picture spans the content column: the phone's width, 40rem beyond. */
export const CONTENT_IMAGE_SIZES = '(max-width: 40em) 100vw, 40rem';
/** Answer pictures take half a phone's width (two a row), a 20rem column beyond. */
export const ANSWER_IMAGE_SIZES = '(max-width: 40em) 50vw, 20rem';

const HTTP_URL = /^https?:\/\/\S+$/i;

/**
 * What a visitor's page may carry of an image's variants: http(s) addresses only (a stored document is the
 * marketer's to shape), each with only the fields a `srcset` needs.
 */
export const visitorVariants = (variants: readonly ImageVariant[] = []): ImageVariant[] =>
  variants
    .filter((variant) => HTTP_URL.test(variant.url))
    .map(({ width, height, type, url }) => ({ width, height, type, url }));

const WEBP = 'image/webp';
/** Phones: the background's copies stop at 1280 wide, so none downloads the 1920-pixel one. */
const PHONE_MEDIA = '(max-width: 720px)';
const PHONE_MAX_WIDTH = 1280;

const srcset = (variants: readonly ImageVariant[], webp: boolean, maxWidth = 1e9): string =>
  variants
    .filter((variant) => (variant.type === WEBP) === webp && variant.width <= maxWidth)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ');

const source = (set: string, sizes: string, webp: boolean, media = ''): string =>
  set
    ? `<source${media && ` media="${media}"`}${webp ? ` type="${WEBP}"` : ''} srcset="${escapeHtml(set)}" sizes="${escapeHtml(sizes)}">`
    : '';

/**
 * `<picture>` with a WebP `srcset` and the fallback type's in the `<img>`, so each browser downloads the
 * smallest copy that fits the screen; a plain `<img>` for an image without variants. Width and height (the
 * largest copy's) let the page keep the picture's room before it arrives.
 */
export function responsiveImg(
  { url, variants = [] }: ResponsiveImageSource,
  { className, alt, sizes, lazy }: ResponsiveImageOptions,
): string {
  const largest = variants.reduce<ImageVariant | undefined>(
    (widest, variant) => (widest && widest.width >= variant.width ? widest : variant),
    undefined,
  );
  const fallbackSet = srcset(variants, false);
  const img =
    `<img${className ? ` class="${escapeHtml(className)}"` : ''} src="${escapeHtml(url)}"` +
    (fallbackSet ? ` srcset="${escapeHtml(fallbackSet)}" sizes="${escapeHtml(sizes)}"` : '') +
    (largest ? ` width="${largest.width}" height="${largest.height}"` : '') +
    ` alt="${escapeHtml(alt)}"${lazy ? ' loading="lazy"' : ''} decoding="async">`;
  return largest ? `<picture>${source(srcset(variants, true), sizes, true)}${img}</picture>` : img;
}

/**
 * The marketer's background, first in <body> (the theme's CSS fixes it behind the page, covering it): on
 * screens up to 720 px wide only copies up to 1280 wide are offered, larger screens may take the largest.
 */
export function backgroundPicture({ url, variants = [] }: ResponsiveImageSource): string {
  const full = '100vw';
  const fallbackSet = srcset(variants, false);
  return (
    '<picture class="qb-bg" aria-hidden="true">' +
    source(srcset(variants, true, PHONE_MAX_WIDTH), full, true, PHONE_MEDIA) +
    source(srcset(variants, false, PHONE_MAX_WIDTH), full, false, PHONE_MEDIA) +
    source(srcset(variants, true), full, true) +
    `<img alt="" src="${escapeHtml(url)}"` +
    (fallbackSet ? ` srcset="${escapeHtml(fallbackSet)}" sizes="${full}"` : '') +
    ' decoding="async"></picture>'
  );
}
