import { z } from 'zod';
import { accountParam, endpoint, htmlPage } from './endpoint';

/** What a theme gives the quiz's eight appearance fields when the marketer has not set them (''). */
export const themeAppearanceSchema = z.object({
  fontFamily: z.string(),
  textColor: z.string(),
  buttonBackgroundColor: z.string(),
  buttonFontFamily: z.string(),
  buttonTextColor: z.string(),
  ctaBackgroundColor: z.string(),
  ctaFontFamily: z.string(),
  ctaTextColor: z.string(),
});
export type ThemeAppearance = z.infer<typeof themeAppearanceSchema>;
export const THEME_APPEARANCE_FIELDS = Object.keys(themeAppearanceSchema.shape) as (keyof ThemeAppearance)[];

/** A theme, plus the defaults the Appearance tab shows under the marketer's overrides. */
export const themeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The theme's stylesheet (custom properties and rules over the player's markup); content-hashed. */
  cssUrl: z.string(),
  /** A small picture of a quiz in the theme (SVG), for the theme cards; content-hashed. */
  previewUrl: z.string(),
  isExtra: z.boolean(),
  defaultBackgroundWidth: z.number().int(),
  defaultBackgroundHeight: z.number().int(),
  defaults: themeAppearanceSchema,
  /**
   * Every opaque colour that can lie directly behind body text on the live page (the card or page, a
   * full-bleed page's art, the panel over a background photo), for the Appearance tab's contrast warnings.
   */
  textBackdrops: z.array(z.string()),
});
export type Theme = z.infer<typeof themeSchema>;

export const themesEndpoint = endpoint({
  method: 'GET',
  path: '/api/themes',
  access: 'user',
  summary:
    'The themes the account may use, sorted by trailing number (names without one first); the first is the default. Extra themes only with the extraTemplates permission.',
  response: z.array(themeSchema),
});

/** The theme preview: a page (not JSON) rendering a sample quiz in a theme, for a preview frame. */
export const THEME_PREVIEW_PATH = '/accounts/:account/theme/preview';
export const themePreviewPath = (accountId: string, themeId: string): string =>
  `${THEME_PREVIEW_PATH.replace(':account', encodeURIComponent(accountId))}?theme=${encodeURIComponent(themeId)}`;

export const themePreviewEndpoint = endpoint({
  method: 'GET',
  path: THEME_PREVIEW_PATH,
  access: 'user',
  summary: 'A sample quiz in a theme (an HTML page for a sandboxed preview frame)',
  params: z.object({ account: accountParam }),
  query: z.object({ theme: z.string().min(1).max(100) }),
  response: htmlPage,
});

export const UNKNOWN_THEME_MESSAGE = 'Choose one of the listed themes.';
export const EXTRA_THEME_MESSAGE =
  'This theme is part of the extra themes, which your plan does not include.';
