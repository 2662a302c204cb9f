import type { Quiz } from '@quizbeam/contracts/quiz';
import type { QuizLanguage } from '@quizbeam/contracts/quizLanguage';
import type { VisitorLanguage } from '@quizbeam/contracts/visitorLanguages';
import type { VisitorTextKey } from '@quizbeam/contracts/visitorTexts';

/*
 * The Language tab's changes to the quiz document, as store actions. A quiz without `language` is English and
 * ignores the browser, so the first change writes the setting out in full.
 */

export const languageOf = (language: QuizLanguage | undefined): QuizLanguage =>
  language ?? { code: 'en', useBrowserLanguage: false };

export const setQuizLanguage = (quiz: Quiz, code: VisitorLanguage): Quiz => ({
  ...quiz,
  language: { ...languageOf(quiz.language), code },
});

export const setUseBrowserLanguage = (quiz: Quiz, useBrowserLanguage: boolean): Quiz => ({
  ...quiz,
  language: { ...languageOf(quiz.language), useBrowserLanguage },
});

/** The marketer's own version of one text in one language; an empty one is removed (Quizbeam's shows). */
export function setOwnText(quiz: Quiz, language: VisitorLanguage, key: VisitorTextKey, value: string): Quiz {
  const current = languageOf(quiz.language);
  const { [key]: _replaced, ...others } = current.texts?.[language] ?? {};
  const inLanguage = value.trim() ? { ...others, [key]: value } : others;
  const { [language]: _previous, ...otherLanguages } = current.texts ?? {};
  const texts =
    Object.keys(inLanguage).length > 0 ? { ...otherLanguages, [language]: inLanguage } : otherLanguages;
  return { ...quiz, language: { ...current, texts } };
}
