import { toHex, toRgbaText } from '@quizbeam/contracts/colorValue';
import type { RgbaColor } from 'react-colorful';

/** How the picker writes the colour it emits: hex or RGBA mode. */
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
