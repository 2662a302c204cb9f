import { THEME_APPEARANCE_FIELDS, type ThemeAppearance } from '@quizbeam/contracts/themes';
import { describe, expect, it } from 'vitest';
import { contrastShortfalls } from './appearanceContrast';
import { themeSummary } from './effectiveAppearance';
import { findTheme, themeCatalog } from './themeCatalog';
import type { ThemeDefinition } from './themeDefinition';

const unset = Object.fromEntries(THEME_APPEARANCE_FIELDS.map((field) => [field, ''])) as ThemeAppearance;
const summaryOf = (theme: ThemeDefinition) => themeSummary(theme, { cssUrl: '', previewUrl: '' });

function theme(id: string) {
  const found = findTheme(id);
  if (!found) throw new Error(`no theme ${id}`);
  return summaryOf(found);
}

describe('contrastShortfalls', () => {
  it('finds nothing in any theme’s own colours', () => {
    for (const each of themeCatalog())
      expect(contrastShortfalls(summaryOf(each), unset), each.id).toEqual([]);
  });

  it('measures dark blue text on a dark full-bleed theme against the lightest colour behind it', () => {
    // Theme 7's page is #0d0221; its grid art (#1c0b45, #2a1160) lies behind the text too.
    expect(contrastShortfalls(theme('theme-7'), { ...unset, textColor: '#1e3a8a' })).toEqual([
      { pair: 'text', foreground: '#1e3a8a', background: '#2a1160', ratio: 1.5 },
    ]);
  });

  it('checks the text of a full-bleed page on the panel over a light photo as well', () => {
    // Theme 19 (#111111) paints its art only a shade lighter; the 92% panel over a white photo is #242424.
    const own = theme('theme-19');
    expect(own.textBackdrops).toContain('#242424');
    const shortfalls = contrastShortfalls(own, { ...unset, textColor: '#6b6b6b' });
    expect(shortfalls.map(({ pair, background }) => ({ pair, background }))).toEqual([
      { pair: 'text', background: '#242424' },
    ]);
  });

  it('reads a card theme’s text on the card only, never on the page or photo around it', () => {
    // Theme 9: a white card on #ede9fe. #767676 is 4.54:1 on white, 3.82:1 on the page.
    expect(contrastShortfalls(theme('theme-9'), { ...unset, textColor: '#767676' })).toEqual([]);
  });

  it('uses the quiz’s own colour where set and the theme’s elsewhere, for the button and the CTA', () => {
    // Theme 1's buttons and CTA have white text.
    const shortfalls = contrastShortfalls(theme('theme-1'), {
      ...unset,
      buttonBackgroundColor: '#ffff00',
      ctaBackgroundColor: ' #eeeeee ',
    });
    expect(shortfalls).toEqual([
      { pair: 'button', foreground: '#ffffff', background: '#ffff00', ratio: 1.07 },
      { pair: 'cta', foreground: '#ffffff', background: '#eeeeee', ratio: 1.16 },
    ]);
  });

  it('lays a translucent button over what lies behind it', () => {
    const faint = { ...unset, buttonBackgroundColor: 'rgba(255, 255, 255, 0.2)', buttonTextColor: '#ffffff' };
    expect(contrastShortfalls(theme('theme-7'), faint)).toEqual([]);
    expect(contrastShortfalls(theme('theme-9'), faint).map((shortfall) => shortfall.pair)).toEqual([
      'button',
    ]);
  });
});
