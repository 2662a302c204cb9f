import type { QuizLanguage } from './quizLanguage';
import {
  DEFAULT_VISITOR_LANGUAGE,
  negotiateVisitorLanguage,
  VISITOR_LANGUAGES,
  type VisitorLanguage,
} from './visitorLanguages';
import { VISITOR_TEXT_CATALOGUES } from './visitorTextCatalogues';
import type { VisitorTextKey, VisitorTexts } from './visitorTexts';

/** The quiz's own language: English when it has not chosen one. */
export const quizLanguageOf = (language: QuizLanguage | undefined): VisitorLanguage =>
  language?.code ?? DEFAULT_VISITOR_LANGUAGE;

/** Whether the quiz's page depends on the visitor's browser (Accept-Language). */
export const followsBrowserLanguage = (language: QuizLanguage | undefined): boolean =>
  language?.useBrowserLanguage === true;

/** The language a visitor whose browser sent `acceptLanguage` is shown the quiz in. */
export const visitorLanguageFor = (
  language: QuizLanguage | undefined,
  acceptLanguage: string | undefined,
): VisitorLanguage =>
  followsBrowserLanguage(language)
    ? negotiateVisitorLanguage(acceptLanguage, quizLanguageOf(language))
    : quizLanguageOf(language);

/** The languages the quiz's page can be shown in: its own, or every one when it follows the browser. */
export const pageLanguagesOf = (language: QuizLanguage | undefined): readonly VisitorLanguage[] =>
  followsBrowserLanguage(language) ? VISITOR_LANGUAGES : [quizLanguageOf(language)];

/**
 * The texts a quiz shows in `shown`: the language's catalogue with the marketer's own versions over it (an
 * empty one keeps the catalogue's). One version of a text that depends on a count serves every count.
 */
export function quizVisitorTexts(language: QuizLanguage | undefined, shown: VisitorLanguage): VisitorTexts {
  const texts: VisitorTexts = { ...VISITOR_TEXT_CATALOGUES[shown] };
  const own = language?.texts?.[shown] ?? {};
  for (const [key, value] of Object.entries(own) as [VisitorTextKey, string | undefined][]) {
    if (!value?.trim() || !Object.hasOwn(texts, key)) continue;
    const current = texts[key];
    (texts as Record<VisitorTextKey, unknown>)[key] = typeof current === 'string' ? value : { other: value };
  }
  return texts;
}
