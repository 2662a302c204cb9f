import type { Theme, ThemeAppearance } from '@quizbeam/contracts/themes';

const plainDefaults: ThemeAppearance = {
  fontFamily: 'Inter',
  textColor: '#111111',
  buttonBackgroundColor: '#000000',
  buttonFontFamily: 'Inter',
  buttonTextColor: '#ffffff',
  ctaBackgroundColor: '#1d4ed8',
  ctaFontFamily: 'Inter',
  ctaTextColor: '#ffffff',
};

/** A theme as GET /api/themes answers it; the id decides the file names. */
export function sampleTheme(overrides: Partial<Theme> & Pick<Theme, 'id' | 'name'>): Theme {
  return {
    cssUrl: `/themes/${overrides.id}.css`,
    previewUrl: `/themes/${overrides.id}.svg`,
    isExtra: false,
    defaultBackgroundWidth: 1280,
    defaultBackgroundHeight: 900,
    defaults: plainDefaults,
    textBackdrops: ['#ffffff'],
    ...overrides,
  };
}

/** The themes of an account without extraTemplates, in the server's order (the default first). */
export function standardThemes(): Theme[] {
  return [
    sampleTheme({ id: 'black-white', name: 'Black & White' }),
    sampleTheme({
      id: 'black-white-transparent',
      name: 'Black & White (Transparent)',
    }),
    sampleTheme({
      id: 'theme-1',
      name: 'Theme 1',
      defaultBackgroundWidth: 640,
      textBackdrops: ['#fdf6e3'],
      defaults: {
        fontFamily: 'Lora',
        textColor: '#3b2f2f',
        buttonBackgroundColor: '#b45309',
        buttonFontFamily: 'Montserrat',
        buttonTextColor: '#ffffff',
        ctaBackgroundColor: '#166534',
        ctaFontFamily: 'Montserrat',
        ctaTextColor: '#ffffff',
      },
    }),
    sampleTheme({ id: 'theme-2', name: 'Theme 2' }),
  ];
}

/** The same list for an account with extraTemplates: the extra themes follow. */
export function themesWithExtras(): Theme[] {
  return [
    ...standardThemes(),
    sampleTheme({ id: 'aurora', name: 'Aurora', isExtra: true }),
    sampleTheme({ id: 'night-market', name: 'Night Market', isExtra: true, textBackdrops: ['#111827'] }),
  ];
}
