import { type Colord, colord, extend, type RgbaColor } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import namesPlugin from 'colord/plugins/names';

extend([namesPlugin, a11yPlugin]);

/*
 * The colour rules, shared by the builder's colour picker, the quiz schema and the themes: hex, rgb/rgba,
 * hsl/hsla and named colours are accepted; anything unparsable is black; alpha is clamped to 0..1 and
 * channels to 0..255 (colord does both while parsing).
 */

export const BLACK: RgbaColor = { r: 0, g: 0, b: 0, a: 1 };
export const INVALID_COLOR_MESSAGE = 'Enter a color as hex (#1f2937), rgb(), rgba(), hsl() or a color name.';

const parsed = (input: string): Colord | null => {
  const color = colord(input.trim());
  return color.isValid() ? color : null;
};

/** True for '' (the theme's colour) and for any colour the picker can read. */
export const isColorChoice = (input: string): boolean => input === '' || parsed(input) !== null;

/** The colour's channels (0..255) and alpha (0..1), or null when the text is not a colour. */
export function readColor(input: string): RgbaColor | null {
  return parsed(input)?.toRgb() ?? null;
}

/** The colour's channels (0..255) and alpha (0..1); unparsable input is black. */
export function parseColor(input: string): RgbaColor {
  return readColor(input) ?? { ...BLACK };
}

/** `#rrggbb`, or `#rrggbbaa` when the alpha is below 1. */
export const toHex = (color: RgbaColor): string => colord(color).toHex();

/** `rgba(r, g, b, a)` with whole channels and alpha rounded to two decimals. */
export function toRgbaText(color: RgbaColor): string {
  const { r, g, b, a } = colord(color).toRgb();
  return `rgba(${r}, ${g}, ${b}, ${Math.round(a * 100) / 100})`;
}

/** WCAG 2.2 contrast ratio (1..21) of two opaque colours; a translucent one is laid over `backdrop`. */
export function contrastRatio(foreground: string, background: string, backdrop = '#ffffff'): number {
  const flatten = (input: string, under: RgbaColor): RgbaColor => {
    const { r, g, b, a } = parseColor(input);
    return {
      r: Math.round(r * a + under.r * (1 - a)),
      g: Math.round(g * a + under.g * (1 - a)),
      b: Math.round(b * a + under.b * (1 - a)),
      a: 1,
    };
  };
  const back = flatten(background, parseColor(backdrop));
  return colord(flatten(foreground, back)).contrast(colord(back));
}

/** WCAG 2.2 AA for normal-size text. */
export const AA_TEXT_CONTRAST = 4.5;
