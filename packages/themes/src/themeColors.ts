import { contrastRatio, parseColor, toHex, toRgbaText } from '@quizbeam/contracts/colorValue';
import type { RgbaColor } from 'colord';
import type { ThemeDefinition } from './themeDefinition';

/*
 * The colours a theme's CSS paints, worked out from its data: the same recipes the stylesheet writes as
 * var() and color-mix(), so the preview picture and the contrast test see what a browser draws.
 */

/** The custom properties a colour recipe may name; the marketer's overrides replace the first three. */
export type ColorRole = 'text' | 'buttonText' | 'buttonBackground' | 'surface';

export const ROLE_VARIABLES: Record<ColorRole, string> = {
  text: '--qb-text',
  buttonText: '--qb-btn-text',
  buttonBackground: '--qb-btn-bg',
  surface: '--qb-surface',
};

/** The colour a theme gives a role by default. */
export function roleColor(theme: ThemeDefinition, role: ColorRole): string {
  switch (role) {
    case 'text':
      return theme.defaults.textColor;
    case 'buttonText':
      return theme.defaults.buttonTextColor;
    case 'buttonBackground':
      return theme.defaults.buttonBackgroundColor;
    case 'surface':
      return cssSurface(theme);
  }
}

/** What --qb-surface holds: the card's colour, or the page's for full-bleed (so 'transparent' for embeds). */
export const cssSurface = (theme: ThemeDefinition): string =>
  theme.design.layout === 'card' ? theme.design.surfaceColor : theme.design.pageColor;

/** CSS `color-mix(in srgb, first percent%, second)`: premultiplied by alpha, as browsers compute it. */
export function mixColors(first: string, second: string, percent: number): RgbaColor {
  const weight = percent / 100;
  const a = parseColor(first);
  const b = parseColor(second);
  const alpha = a.a * weight + b.a * (1 - weight);
  if (alpha === 0) return { r: 0, g: 0, b: 0, a: 0 };
  const channel = (x: number, y: number) => (x * a.a * weight + y * b.a * (1 - weight)) / alpha;
  return { r: channel(a.r, b.r), g: channel(a.g, b.g), b: channel(a.b, b.b), a: alpha };
}

/** A colour as CSS text: #rrggbb when opaque, else rgba(). */
export const colorText = (color: RgbaColor): string =>
  color.a >= 1
    ? toHex({ ...color, r: Math.round(color.r), g: Math.round(color.g), b: Math.round(color.b) })
    : toRgbaText(color);

/** How opaque the panel behind a full-bleed quiz is when the marketer's photo is the background. */
export const PANEL_OPACITY = 0.92;

/**
 * The panel over a photo (full-bleed themes only): the surface, nearly opaque; an embed's transparent page
 * gets a white panel, the colour its text is checked against.
 */
export function panelColor(theme: ThemeDefinition): string {
  const surface = parseColor(theme.design.surfaceColor);
  return toRgbaText({ ...surface, a: PANEL_OPACITY });
}

/** The art colours that can lie under text: every one of them on a full-bleed page, none under a card. */
export const artUnderText = (theme: ThemeDefinition): readonly string[] =>
  theme.design.layout === 'full-bleed' ? theme.design.art.colors : [];

/**
 * Every opaque colour that can be directly behind text that has no background of its own: the surface, and
 * on a full-bleed page also the art and the panel over the darkest and lightest photo.
 */
export function textBackdrops(theme: ThemeDefinition): string[] {
  const backdrops = [theme.design.surfaceColor, ...artUnderText(theme)];
  if (theme.design.layout === 'full-bleed') {
    const panel = panelColor(theme);
    backdrops.push(flatten(panel, '#000000'), flatten(panel, '#ffffff'));
  }
  return backdrops;
}

/** A translucent colour laid over an opaque one, as #rrggbb. */
export function flatten(color: string, under: string): string {
  const top = parseColor(color);
  const bottom = parseColor(under);
  const blend = (x: number, y: number) => Math.round(x * top.a + y * (1 - top.a));
  return toHex({ r: blend(top.r, bottom.r), g: blend(top.g, bottom.g), b: blend(top.b, bottom.b), a: 1 });
}

const ERROR_CANDIDATES = ['#b91c1c', '#fca5a5', '#7f1d1d', '#fecaca'];

/** The form's error text: the first red that reads on every backdrop (the player's own red first). */
export function errorColor(theme: ThemeDefinition): string {
  const backdrops = textBackdrops(theme);
  const worst = (candidate: string) =>
    Math.min(...backdrops.map((backdrop) => contrastRatio(candidate, backdrop)));
  return ERROR_CANDIDATES.find((candidate) => worst(candidate) >= 4.5) ?? '#b91c1c';
}
