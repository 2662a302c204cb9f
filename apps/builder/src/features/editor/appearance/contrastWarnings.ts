import { AA_TEXT_CONTRAST } from '@quizbeam/contracts/colorValue';
import type { Quiz } from '@quizbeam/contracts/quiz';
import {
  type ContrastPair,
  type ContrastShortfall,
  contrastShortfalls,
  type ThemeBackdrops,
} from '@quizbeam/themes/appearanceContrast';

const PAIR_NAMES: Record<ContrastPair, string> = {
  text: 'Text on background',
  button: 'Button text on button background',
  cta: 'CTA text on CTA background',
};

const ratioFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * "Text on background: contrast 2.1:1, below the 4.5:1 that WCAG AA asks for." The ratio is rounded down,
 * so that a failing 4.46:1 never reads as a passing 4.5:1.
 */
export function contrastWarningText({ pair, ratio }: Pick<ContrastShortfall, 'pair' | 'ratio'>): string {
  const shown = ratioFormat.format(Math.floor(ratio * 10) / 10);
  return `${PAIR_NAMES[pair]}: contrast ${shown}:1, below the ${AA_TEXT_CONTRAST}:1 that WCAG AA asks for.`;
}

export type ContrastWarnings = Partial<Record<ContrastPair, string>>;

/** The warning of each pair of the quiz's effective look that reads badly on the live page. */
export function contrastWarnings(theme: ThemeBackdrops, quiz: Quiz): ContrastWarnings {
  return Object.fromEntries(
    contrastShortfalls(theme, quiz).map((shortfall) => [shortfall.pair, contrastWarningText(shortfall)]),
  );
}

export const sameContrastWarnings = (first: ContrastWarnings, second: ContrastWarnings): boolean =>
  first.text === second.text && first.button === second.button && first.cta === second.cta;
