import { isColorChoice } from '@quizbeam/contracts/colorValue';
import { webFontOf } from '@quizbeam/contracts/fonts';
import { DEFAULT_THEME_ID } from '@quizbeam/contracts/quizConstants';
import { describe, expect, it } from 'vitest';
import { isTiledArt } from './art/themeArt';
import { findTheme, sortThemes, themeCatalog, themesFor } from './themeCatalog';
import type { ThemeDefinition } from './themeDefinition';

const catalog = themeCatalog();
const HEX = /^#[0-9a-f]{6}$/;

/** The five design dimensions two themes are compared on. */
const dimensions = (theme: ThemeDefinition) => {
  const { design } = theme;
  return [design.layout, design.answerStyle, design.buttonShape, design.art.kind, design.palette];
};

describe('the theme catalog', () => {
  it('holds Black & White twice, Theme 1 to Theme 20 and about 50 extra themes', () => {
    const standard = catalog.filter((theme) => !theme.isExtra);
    expect(standard.map((theme) => theme.name)).toEqual([
      'Black & White',
      'Black & White (Transparent)',
      ...Array.from({ length: 20 }, (_, index) => `Theme ${index + 1}`),
    ]);
    const extras = catalog.filter((theme) => theme.isExtra);
    expect(extras.length).toBeGreaterThanOrEqual(45);
    expect(extras.length).toBeLessThanOrEqual(55);
    expect(findTheme('theme-7')?.name).toBe('Theme 7');
    expect(findTheme('black-white-transparent')?.design.pageColor).toBe('transparent');
    expect(findTheme('no-such-theme')).toBeUndefined();
  });

  it('starts with the default theme and sorts by trailing number, names without one first', () => {
    expect(catalog[0]?.id).toBe(DEFAULT_THEME_ID);
    const numbers = catalog.map((theme) => Number(/(\d+)$/.exec(theme.name)?.[1] ?? -1));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    // Extra names continue the numbering after Theme 20, so every number from 1 is used once.
    expect(numbers.filter((number) => number > 0)).toEqual(
      Array.from({ length: catalog.length - 2 }, (_, i) => i + 1),
    );
  });

  it('sorts stably: names without a number keep their order, then by number', () => {
    const named = (name: string) => ({ ...(catalog[0] as ThemeDefinition), name });
    const sorted = sortThemes([
      named('Zeta 3'),
      named('Plain'),
      named('Alpha 10'),
      named('Also plain'),
      named('Beta 2'),
    ]);
    expect(sorted.map((theme) => theme.name)).toEqual([
      'Plain',
      'Also plain',
      'Beta 2',
      'Zeta 3',
      'Alpha 10',
    ]);
  });

  it('has unique ids and names, ids made from the names', () => {
    expect(new Set(catalog.map((theme) => theme.id)).size).toBe(catalog.length);
    expect(new Set(catalog.map((theme) => theme.name)).size).toBe(catalog.length);
    for (const theme of catalog) expect(theme.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('offers extra themes only with extraTemplates', () => {
    expect(themesFor({ extraTemplates: false }).map((theme) => theme.id)).toEqual(
      catalog.filter((theme) => !theme.isExtra).map((theme) => theme.id),
    );
    expect(themesFor({ extraTemplates: true })).toEqual(catalog);
  });

  it('uses listed fonts and colours that parse', () => {
    for (const theme of catalog) {
      const { defaults, design } = theme;
      for (const family of [defaults.fontFamily, defaults.buttonFontFamily, defaults.ctaFontFamily]) {
        expect(webFontOf(family), `${theme.id}: ${family}`).toBeDefined();
      }
      const colours = [
        defaults.textColor,
        defaults.buttonBackgroundColor,
        defaults.buttonTextColor,
        defaults.ctaBackgroundColor,
        defaults.ctaTextColor,
        design.surfaceColor,
        ...design.art.colors,
      ];
      for (const colour of colours) expect(colour, theme.id).toMatch(HEX);
      expect(isColorChoice(design.pageColor)).toBe(true);
    }
  });

  it('draws text on an opaque surface: the card, or the page (white behind an embed)', () => {
    for (const theme of catalog) {
      const { layout, pageColor, surfaceColor } = theme.design;
      if (layout === 'full-bleed')
        expect(surfaceColor).toBe(pageColor === 'transparent' ? '#ffffff' : pageColor);
      expect(surfaceColor).toMatch(HEX);
    }
  });

  it('sizes the default background for the art: 640 × 900 for tiles, 1280 × 900 otherwise', () => {
    for (const theme of catalog) {
      expect(theme.defaultBackground).toEqual({
        width: isTiledArt(theme.design.art.kind) ? 640 : 1280,
        height: 900,
      });
    }
  });

  it('is made of distinct designs, not one design in many hues', () => {
    const combinations = catalog.map((theme) => dimensions(theme).join('|'));
    expect(new Set(combinations).size).toBe(catalog.length);
    // Any two themes differ in at least two of layout, answer style, button shape, art and palette.
    for (const [index, theme] of catalog.entries()) {
      for (const other of catalog.slice(index + 1)) {
        const differences = dimensions(theme).filter((value, at) => value !== dimensions(other)[at]).length;
        expect(differences, `${theme.id} and ${other.id}`).toBeGreaterThanOrEqual(2);
      }
    }
    const kinds = (pick: (theme: ThemeDefinition) => string) => new Set(catalog.map(pick)).size;
    expect(kinds((theme) => theme.design.art.kind)).toBeGreaterThanOrEqual(6);
    expect(kinds((theme) => theme.design.answerStyle)).toBeGreaterThanOrEqual(4);
    expect(kinds((theme) => theme.design.layout)).toBe(2);
    expect(kinds((theme) => theme.design.buttonShape)).toBeGreaterThanOrEqual(5);
    expect(kinds((theme) => theme.design.palette)).toBeGreaterThanOrEqual(8);
    expect(kinds((theme) => theme.defaults.fontFamily)).toBeGreaterThanOrEqual(20);
  });
});
