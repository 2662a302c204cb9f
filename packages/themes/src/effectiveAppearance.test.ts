import { THEME_APPEARANCE_FIELDS, type ThemeAppearance, themeSchema } from '@quizbeam/contracts/themes';
import { describe, expect, it } from 'vitest';
import { effectiveAppearance, themeSummary } from './effectiveAppearance';
import { findTheme, themeCatalog } from './themeCatalog';
import { textBackdrops } from './themeColors';

const unset: ThemeAppearance = Object.fromEntries(
  THEME_APPEARANCE_FIELDS.map((field) => [field, '']),
) as ThemeAppearance;

describe('effectiveAppearance', () => {
  const theme = findTheme('theme-7');
  if (!theme) throw new Error('theme-7 missing');

  it('gives the theme’s defaults where the marketer set nothing', () => {
    expect(effectiveAppearance(theme, unset)).toEqual(theme.defaults);
  });

  it('keeps each field the marketer set, and only those', () => {
    const appearance = effectiveAppearance(theme, {
      ...unset,
      textColor: '#123456',
      ctaFontFamily: 'Lora',
      buttonTextColor: '  ',
    });
    expect(appearance).toEqual({ ...theme.defaults, textColor: '#123456', ctaFontFamily: 'Lora' });
  });

  it('follows the new theme after a change of theme for the fields left unset', () => {
    const other = findTheme('theme-8');
    if (!other) throw new Error('theme-8 missing');
    const quiz = { ...unset, buttonBackgroundColor: 'rebeccapurple' };
    expect(effectiveAppearance(other, quiz)).toEqual({
      ...other.defaults,
      buttonBackgroundColor: 'rebeccapurple',
    });
  });
});

describe('themeSummary', () => {
  it('answers the contracts’ Theme entity for every theme', () => {
    for (const theme of themeCatalog()) {
      const summary = themeSummary(theme, {
        cssUrl: `/ui/themes/${theme.id}.css`,
        previewUrl: `/ui/themes/${theme.id}.svg`,
      });
      expect(themeSchema.parse(summary)).toEqual(summary);
      expect(summary).toMatchObject({
        id: theme.id,
        name: theme.name,
        isExtra: theme.isExtra,
        cssUrl: `/ui/themes/${theme.id}.css`,
        previewUrl: `/ui/themes/${theme.id}.svg`,
        defaultBackgroundWidth: theme.defaultBackground.width,
        defaultBackgroundHeight: 900,
        defaults: theme.defaults,
        textBackdrops: textBackdrops(theme),
      });
    }
  });
});
