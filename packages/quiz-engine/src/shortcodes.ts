import type { CategoryScore } from '@quizbeam/contracts/categoryScores';

/*
 * Outcome texts of scored quizzes take [[score]], [[maxScore]] and [[percent]] for the whole quiz and
 * [[score:Name]], [[maxScore:Name]] and [[percent:Name]] for a category (its name in any letter case). Any
 * letter case and spaces inside the brackets are accepted.
 */

const SHORTCODE = /\[\[\s*(score|maxScore|percent)\s*(?::\s*([^\]]*?)\s*)?\]\]/gi;

export type ShortcodeValues = {
  score: number;
  maxScore: number;
  percent: number;
  categories: readonly CategoryScore[];
};

/** The text with every shortcode filled in; one naming no category of the quiz is left as typed. */
export function fillShortcodes(text: string, values: ShortcodeValues): string {
  return text.replace(SHORTCODE, (code, field: string, name: string | undefined) => {
    const source =
      name === undefined
        ? values
        : values.categories.find((category) => category.name.trim().toLowerCase() === name.toLowerCase());
    if (!source) return code;
    const key = field.toLowerCase();
    return String(key === 'score' ? source.score : key === 'maxscore' ? source.maxScore : source.percent);
  });
}

/** The text with every shortcode taken out, and the spaces they leave tidied (a general quiz has no score). */
export function withoutShortcodes(text: string): string {
  const removed = text.replace(SHORTCODE, '');
  return removed === text ? text : removed.replace(/ {2,}/g, ' ').trim();
}

/** The category names a text's shortcodes refer to (for the editor's warnings), in the case typed. */
export function shortcodeCategoryNames(text: string): string[] {
  return [...text.matchAll(SHORTCODE)].flatMap((match) => (match[2] === undefined ? [] : [match[2]]));
}
