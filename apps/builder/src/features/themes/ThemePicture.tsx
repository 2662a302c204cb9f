import type { Theme } from '@quizbeam/contracts/themes';

/** The drawn size of a theme's preview on a card (the pictures are 253 × 150). */
export const THEME_PICTURE_WIDTH = 229;
export const THEME_PICTURE_HEIGHT = 136;

/** A theme's preview picture: decorative (the name says which theme), loaded only near the viewport. */
export function ThemePicture({ theme }: { theme: Pick<Theme, 'previewUrl'> }) {
  if (!theme.previewUrl) return null;
  return (
    <img
      src={theme.previewUrl}
      width={THEME_PICTURE_WIDTH}
      height={THEME_PICTURE_HEIGHT}
      loading="lazy"
      decoding="async"
      alt=""
    />
  );
}
