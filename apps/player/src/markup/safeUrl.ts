import type { Image } from '@quizbeam/contracts/quiz';

/**
 * Marketer-entered addresses the page puts in href/src: only absolute http(s) URLs (and mailto for links)
 * pass, normalised by the URL parser; anything else (javascript:, data:, relative junk) becomes ''.
 */
function allowedUrl(value: string, protocols: readonly string[]): string {
  const text = value.trim();
  if (!text) return '';
  try {
    const url = new URL(text);
    return protocols.includes(url.protocol) ? url.href : '';
  } catch {
    return '';
  }
}

export const safeLinkUrl = (value: string): string => allowedUrl(value, ['http:', 'https:', 'mailto:']);
export const safeImageUrl = (value: string): string => allowedUrl(value, ['http:', 'https:']);

/** The image with only http(s) addresses, its variants' included; null without a usable address. */
export function safeImage(image: Image | null): Image | null {
  const url = safeImageUrl(image?.url ?? '');
  if (!image || !url) return null;
  if (!image.variants) return { ...image, url };
  const variants = image.variants
    .map((variant) => ({ ...variant, url: safeImageUrl(variant.url) }))
    .filter((variant) => variant.url !== '');
  return { ...image, url, variants };
}
