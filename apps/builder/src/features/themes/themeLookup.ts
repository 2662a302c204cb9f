import type { Theme } from '@quizbeam/contracts/themes';

/**
 * The quiz's theme from the account's list. A quiz may keep a theme the list no longer offers (an extra
 * theme on an account that lost the permission): it is shown by its id, and since its own defaults are not
 * known here, the default theme's (the list's first) stand in for them in the Appearance fields.
 */
export function themeOfQuiz(themes: readonly Theme[], themeId: string): Theme {
  const listed = themes.find((theme) => theme.id === themeId);
  if (listed) return listed;
  const standIn = themes[0];
  return {
    id: themeId,
    name: themeId,
    cssUrl: '',
    previewUrl: '',
    isExtra: false,
    defaultBackgroundWidth: standIn?.defaultBackgroundWidth ?? 1280,
    defaultBackgroundHeight: standIn?.defaultBackgroundHeight ?? 900,
    defaults: standIn?.defaults ?? {
      fontFamily: '',
      textColor: '',
      buttonBackgroundColor: '',
      buttonFontFamily: '',
      buttonTextColor: '',
      ctaBackgroundColor: '',
      ctaFontFamily: '',
      ctaTextColor: '',
    },
    textBackdrops: standIn?.textBackdrops ?? ['#ffffff'],
  };
}
