import { z } from 'zod';
import { isVisitorLanguage, unknownLanguageText, VISITOR_LANGUAGES } from './visitorLanguages';
import { VISITOR_TEXT_MAX_LENGTH, type VisitorTextKey } from './visitorTexts';
import { en } from './visitorTexts/en';

export const VISITOR_TEXT_KEYS = Object.keys(en) as VisitorTextKey[];
const isVisitorTextKey = (key: string): key is VisitorTextKey => Object.hasOwn(en, key);

/** A language code the visitor API and the quiz document take; an unknown one is refused by name. */
export const visitorLanguageSchema = z.enum(VISITOR_LANGUAGES, {
  error: (issue) => unknownLanguageText(String(issue.input)),
});

export const UNKNOWN_TEXT_KEY_TEXT = 'No such text.';

/** The marketer's own versions of Quizbeam's texts: by language, then by text key. */
const textOverridesSchema = z
  .record(z.string().max(100), z.record(z.string().max(100), z.string().max(VISITOR_TEXT_MAX_LENGTH)))
  .superRefine((byLanguage, context) => {
    for (const [language, texts] of Object.entries(byLanguage)) {
      if (!isVisitorLanguage(language)) {
        context.addIssue({ code: 'custom', path: [language], message: unknownLanguageText(language) });
        continue;
      }
      for (const key of Object.keys(texts)) {
        if (!isVisitorTextKey(key))
          context.addIssue({ code: 'custom', path: [language, key], message: UNKNOWN_TEXT_KEY_TEXT });
      }
    }
  });
export type TextOverrides = Partial<
  Record<(typeof VISITOR_LANGUAGES)[number], Partial<Record<VisitorTextKey, string>>>
>;

/** The quiz's language; absent: English, whatever the visitor's browser asks for. */
export const quizLanguageSchema = z.object({
  code: visitorLanguageSchema,
  /** Show the visitor's browser language when Quizbeam has it, else `code`. */
  useBrowserLanguage: z.boolean(),
  texts: textOverridesSchema.optional(),
});
export type QuizLanguage = z.infer<typeof quizLanguageSchema>;
