import { z } from 'zod';
import { endpoint } from './endpoint';
import { visitorLanguageSchema } from './quizLanguage';
import { VISITOR_LANGUAGES } from './visitorLanguages';

const visitorTextSchema = z.union([z.string(), z.record(z.string(), z.string())]);

export const visitorTextsResponseSchema = z.object({
  language: z.enum(VISITOR_LANGUAGES),
  /** Its English name, as the builder lists it. */
  name: z.string(),
  direction: z.enum(['ltr', 'rtl']),
  /** Every text Quizbeam supplies on a published quiz, by key; plural texts by Intl.PluralRules category. */
  texts: z.record(z.string(), visitorTextSchema),
});
export type VisitorTextsResponse = z.infer<typeof visitorTextsResponseSchema>;

export const visitorTextsEndpoint = endpoint({
  method: 'GET',
  path: '/api/visitor-texts',
  access: 'user',
  summary:
    "The texts Quizbeam shows visitors of a published quiz in one language (a quiz's `language.texts` overrides them per key). An unknown language is refused with a 400 naming it.",
  query: z.object({ language: visitorLanguageSchema }),
  response: visitorTextsResponseSchema,
});
