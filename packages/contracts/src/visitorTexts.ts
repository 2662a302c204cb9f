import type { en } from './visitorTexts/en';

/*
 * The texts Quizbeam itself puts on a published quiz, by key. Each language has a catalogue with every key
 * (visitorTexts/<language>.ts); a quiz may override any of them per language. `{name}` is filled in, numbers
 * formatted for the language; a text that depends on a count has a form per plural category of
 * `Intl.PluralRules` (`other` always, the others where the language has them).
 */

/** A text with a form per plural category; `{count}` is the number it depends on. */
export type PluralText = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;
export type VisitorText = string | PluralText;

export type VisitorTextKey = keyof typeof en;
export type VisitorTextCatalogue = Record<string, VisitorText>;
/** A whole catalogue: every key English has, each a string or plural forms as English's is. */
export type VisitorTexts = { [key in VisitorTextKey]: (typeof en)[key] extends string ? string : PluralText };

/** The most a marketer's own version of one text may hold. */
export const VISITOR_TEXT_MAX_LENGTH = 500;
