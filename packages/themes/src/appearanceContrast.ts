import { AA_TEXT_CONTRAST, contrastRatio } from '@quizbeam/contracts/colorValue';
import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Theme, ThemeAppearance } from '@quizbeam/contracts/themes';
import { effectiveAppearance } from './effectiveAppearance';

/** The text-on-background pairs of the live page a marketer's colours decide. */
export type ContrastPair = 'text' | 'button' | 'cta';

export interface ContrastShortfall {
  pair: ContrastPair;
  /** The effective colours: the quiz's own where set, else the theme's. */
  foreground: string;
  background: string;
  /** The lowest ratio the pair reaches on the page, below `AA_TEXT_CONTRAST`. */
  ratio: number;
}

/** What the check needs of a theme: its defaults and the colours behind its body text (a `themeSummary`). */
export type ThemeBackdrops = Pick<Theme, 'defaults' | 'textBackdrops'>;

/**
 * The pairs of the quiz's effective look (its overrides over the theme's defaults) that fall below WCAG AA
 * on the live page, the worst backdrop counting: the main text on every colour the theme can put behind it
 * (`textBackdrops`: the card or page, a full-bleed page's art, and, since a background photo could be any
 * colour, the panel laid over it taken over both black and white); the button's and the CTA's text on
 * their own backgrounds, which a translucent background lays over each of those backdrops.
 */
export function contrastShortfalls(
  theme: ThemeBackdrops,
  quiz: Pick<Quiz, keyof ThemeAppearance>,
): ContrastShortfall[] {
  const look = effectiveAppearance(theme, quiz);
  const backdrops = theme.textBackdrops.length > 0 ? theme.textBackdrops : ['#ffffff'];
  // A background of its own (null: the text lies on the backdrop) is laid over each backdrop in turn.
  const lowest = (foreground: string, background: string | null) =>
    backdrops
      .map((backdrop) => ({
        background: background ?? backdrop,
        ratio: contrastRatio(foreground, background ?? backdrop, backdrop),
      }))
      .reduce((low, next) => (next.ratio < low.ratio ? next : low));
  const pairs = [
    { pair: 'text' as const, foreground: look.textColor, ...lowest(look.textColor, null) },
    {
      pair: 'button' as const,
      foreground: look.buttonTextColor,
      ...lowest(look.buttonTextColor, look.buttonBackgroundColor),
    },
    {
      pair: 'cta' as const,
      foreground: look.ctaTextColor,
      ...lowest(look.ctaTextColor, look.ctaBackgroundColor),
    },
  ];
  return pairs.filter((pair) => pair.ratio < AA_TEXT_CONTRAST);
}
