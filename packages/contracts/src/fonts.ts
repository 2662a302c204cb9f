/*
 * The fixed list of web fonts a quiz may use (the Appearance tab offers 38), self-hosted from the
 * `@fontsource/<id>` packages (woff2, latin and latin-ext subsets). No zod: the builder, the server and
 * the theme catalog share it.
 */

export type FontFallback = 'sans-serif' | 'serif' | 'display' | 'handwriting';

export interface WebFont {
  /** The CSS family name, also what the quiz document stores. */
  family: string;
  /** The `@fontsource/<id>` package and the prefix of its files. */
  id: string;
  /** The upright weights we serve: 400 always, 700 where the family has it. */
  weights: readonly (400 | 700)[];
  fallback: FontFallback;
}

const both = [400, 700] as const;
const regularOnly = [400] as const;

export const WEB_FONTS: readonly WebFont[] = [
  { family: 'Open Sans', id: 'open-sans', weights: both, fallback: 'sans-serif' },
  { family: 'Roboto', id: 'roboto', weights: both, fallback: 'sans-serif' },
  { family: 'Lato', id: 'lato', weights: both, fallback: 'sans-serif' },
  { family: 'Montserrat', id: 'montserrat', weights: both, fallback: 'sans-serif' },
  { family: 'Poppins', id: 'poppins', weights: both, fallback: 'sans-serif' },
  { family: 'Raleway', id: 'raleway', weights: both, fallback: 'sans-serif' },
  { family: 'Nunito', id: 'nunito', weights: both, fallback: 'sans-serif' },
  { family: 'Inter', id: 'inter', weights: both, fallback: 'sans-serif' },
  { family: 'Work Sans', id: 'work-sans', weights: both, fallback: 'sans-serif' },
  { family: 'Rubik', id: 'rubik', weights: both, fallback: 'sans-serif' },
  { family: 'DM Sans', id: 'dm-sans', weights: both, fallback: 'sans-serif' },
  { family: 'Manrope', id: 'manrope', weights: both, fallback: 'sans-serif' },
  { family: 'Fira Sans', id: 'fira-sans', weights: both, fallback: 'sans-serif' },
  { family: 'Barlow', id: 'barlow', weights: both, fallback: 'sans-serif' },
  { family: 'Source Sans 3', id: 'source-sans-3', weights: both, fallback: 'sans-serif' },
  { family: 'PT Sans', id: 'pt-sans', weights: both, fallback: 'sans-serif' },
  { family: 'Quicksand', id: 'quicksand', weights: both, fallback: 'sans-serif' },
  { family: 'Josefin Sans', id: 'josefin-sans', weights: both, fallback: 'sans-serif' },
  { family: 'Oswald', id: 'oswald', weights: both, fallback: 'sans-serif' },
  { family: 'Space Grotesk', id: 'space-grotesk', weights: both, fallback: 'sans-serif' },
  { family: 'Mulish', id: 'mulish', weights: both, fallback: 'sans-serif' },
  { family: 'Karla', id: 'karla', weights: both, fallback: 'sans-serif' },
  { family: 'Merriweather', id: 'merriweather', weights: both, fallback: 'serif' },
  { family: 'Playfair Display', id: 'playfair-display', weights: both, fallback: 'serif' },
  { family: 'Lora', id: 'lora', weights: both, fallback: 'serif' },
  { family: 'PT Serif', id: 'pt-serif', weights: both, fallback: 'serif' },
  { family: 'Libre Baskerville', id: 'libre-baskerville', weights: both, fallback: 'serif' },
  { family: 'EB Garamond', id: 'eb-garamond', weights: both, fallback: 'serif' },
  { family: 'Cormorant Garamond', id: 'cormorant-garamond', weights: both, fallback: 'serif' },
  { family: 'Bitter', id: 'bitter', weights: both, fallback: 'serif' },
  { family: 'Zilla Slab', id: 'zilla-slab', weights: both, fallback: 'serif' },
  { family: 'Roboto Slab', id: 'roboto-slab', weights: both, fallback: 'serif' },
  { family: 'Abril Fatface', id: 'abril-fatface', weights: regularOnly, fallback: 'display' },
  { family: 'Bebas Neue', id: 'bebas-neue', weights: regularOnly, fallback: 'display' },
  { family: 'Pacifico', id: 'pacifico', weights: regularOnly, fallback: 'handwriting' },
  { family: 'Dancing Script', id: 'dancing-script', weights: both, fallback: 'handwriting' },
  { family: 'Comfortaa', id: 'comfortaa', weights: both, fallback: 'display' },
  { family: 'Caveat', id: 'caveat', weights: both, fallback: 'handwriting' },
];

const byFamily = new Map(WEB_FONTS.map((font) => [font.family, font]));

/** The listed font with exactly this family name, or undefined. */
export const webFontOf = (family: string): WebFont | undefined => byFamily.get(family);

/** True for '' (the theme's font) and for a listed family. */
export const isKnownFontChoice = (family: string): boolean => family === '' || byFamily.has(family);

export const UNKNOWN_FONT_MESSAGE = 'Choose one of the listed fonts.';

const FALLBACK_STACKS: Record<FontFallback, string> = {
  'sans-serif': 'system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif',
  serif: 'Georgia,"Times New Roman",serif',
  display: 'system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif',
  handwriting: '"Segoe Print","Bradley Hand",cursive',
};

/** A CSS font-family value: the listed family, then system fonts of its kind while it loads (or if it cannot). */
export function fontStack(family: string): string {
  const font = webFontOf(family);
  return font ? `"${font.family}",${FALLBACK_STACKS[font.fallback]}` : FALLBACK_STACKS['sans-serif'];
}
