import { AA_TEXT_CONTRAST, contrastRatio, toHex, toRgbaText } from '@quizbeam/contracts/colorValue';
import type { RgbaColor } from 'react-colorful';

/** How the picker writes the colour it emits (spec §5: hex or RGBA mode). */
export type ColorTextMode = 'hex' | 'rgba';

export const COLOR_TEXT_MODES: readonly { mode: ColorTextMode; label: string }[] = [
  { mode: 'hex', label: 'Hex' },
  { mode: 'rgba', label: 'RGBA' },
];

export const THEME_COLOR_TEXT = 'Theme color';

/** The mode a stored value was written in, so reopening the picker keeps it: rgb()/hsl() text is RGBA. */
export function modeOfColorText(text: string): ColorTextMode {
  return /^\s*(rgb|hsl)/i.test(text) ? 'rgba' : 'hex';
}

export const formatColor = (color: RgbaColor, mode: ColorTextMode): string =>
  mode === 'hex' ? toHex(color) : toRgbaText(color);

const ratioFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * The warning under the field when text in `color` on `background` is below WCAG AA, else null. The
 * ratio is rounded down so that a failing 4.46:1 never reads as a passing "4.5:1".
 */
export function lowContrastNote(color: string, background: string): string | null {
  const ratio = contrastRatio(color, background);
  if (ratio >= AA_TEXT_CONTRAST) return null;
  return `Low contrast (${ratioFormat.format(Math.floor(ratio * 10) / 10)}:1): text may be hard to read.`;
}
