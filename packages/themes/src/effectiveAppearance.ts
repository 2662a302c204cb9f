import type { Quiz } from '@quizbeam/contracts/quiz';
import { THEME_APPEARANCE_FIELDS, type Theme, type ThemeAppearance } from '@quizbeam/contracts/themes';
import { textBackdrops } from './themeColors';
import type { ThemeDefinition } from './themeDefinition';

/**
 * What the quiz looks like: each of the eight fields the marketer set, else the theme's default. Only the
 * defaults are read, so the builder can pass the Theme it got from the API.
 */
export function effectiveAppearance(
  theme: Pick<ThemeDefinition, 'defaults'>,
  quiz: Pick<Quiz, keyof ThemeAppearance>,
): ThemeAppearance {
  const appearance = { ...theme.defaults };
  for (const field of THEME_APPEARANCE_FIELDS) {
    const own = quiz[field].trim();
    if (own) appearance[field] = own;
  }
  return appearance;
}

/** The theme as GET /api/themes answers it (with its defaults and what lies behind text). */
export function themeSummary(theme: ThemeDefinition, urls: { cssUrl: string; previewUrl: string }): Theme {
  return {
    id: theme.id,
    name: theme.name,
    cssUrl: urls.cssUrl,
    previewUrl: urls.previewUrl,
    isExtra: theme.isExtra,
    defaultBackgroundWidth: theme.defaultBackground.width,
    defaultBackgroundHeight: theme.defaultBackground.height,
    defaults: { ...theme.defaults },
    textBackdrops: textBackdrops(theme),
  };
}
