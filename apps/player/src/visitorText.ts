import type { VisitorLanguage } from '@quizbeam/contracts/visitorLanguages';
import type { VisitorText, VisitorTextKey, VisitorTexts } from '@quizbeam/contracts/visitorTexts';

/*
 * The texts Quizbeam supplies on a visitor's screens, in the quiz's language. The page brings its one
 * catalogue in the player's data (no catalogue is bundled, so each language costs a visitor nothing until
 * chosen); the server sets the same one around each render of the first screen. Numbers are formatted and
 * plural forms chosen by the browser's own Intl for that language.
 */

let language: VisitorLanguage = 'en';
let texts: Partial<Record<VisitorTextKey, VisitorText>> = {};

/** From now on, screens are drawn in `next`'s language with its texts. */
export function useVisitorTexts(
  nextLanguage: VisitorLanguage,
  next: Partial<Record<VisitorTextKey, VisitorText>>,
): void {
  language = nextLanguage;
  texts = next;
}

/**
 * Runs `draw` (synchronous: nothing else may draw meanwhile) with these texts, then restores the previous:
 * the server renders pages of every language in one process.
 */
export function withVisitorTexts<T>(nextLanguage: VisitorLanguage, next: VisitorTexts, draw: () => T): T {
  const before = { language, texts };
  useVisitorTexts(nextLanguage, next);
  try {
    return draw();
  } finally {
    language = before.language;
    texts = before.texts;
  }
}

export const formatNumber = (value: number): string => value.toLocaleString(language);

/** A text with its `{names}` filled in (numbers formatted); a plural text takes the form `values.count` needs. */
export function text(key: VisitorTextKey, values: Record<string, string | number> = {}): string {
  const found = texts[key] ?? key;
  const count = values.count;
  const message =
    typeof found === 'string'
      ? found
      : (found[new Intl.PluralRules(language).select(typeof count === 'number' ? count : 0)] ?? found.other);
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : typeof value === 'number' ? formatNumber(value) : value;
  });
}
