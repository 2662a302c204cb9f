import { describe, expect, it } from 'vitest';
import { VISITOR_LANGUAGES, type VisitorLanguage } from './visitorLanguages';
import { VISITOR_TEXT_CATALOGUES } from './visitorTextCatalogues';
import { VISITOR_TEXT_MAX_LENGTH, type VisitorText } from './visitorTexts';
import { en } from './visitorTexts/en';

const englishKeys = Object.keys(en).sort();
const translatedLanguages = VISITOR_LANGUAGES.filter((language) => language !== 'en');

const formsOf = (text: VisitorText): string[] => (typeof text === 'string' ? [text] : Object.values(text));
const placeholdersOf = (text: string): string[] =>
  [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''))].sort();
const textsOf = (language: VisitorLanguage): [string, VisitorText][] =>
  Object.entries(VISITOR_TEXT_CATALOGUES[language]);

describe('the visitor text catalogues', () => {
  it('has a catalogue for every visitor language', () => {
    expect(Object.keys(VISITOR_TEXT_CATALOGUES).sort()).toEqual([...VISITOR_LANGUAGES].sort());
  });

  it.each(VISITOR_LANGUAGES)('%s has exactly the keys English has', (language) => {
    expect(Object.keys(VISITOR_TEXT_CATALOGUES[language]).sort()).toEqual(englishKeys);
  });

  it.each(VISITOR_LANGUAGES)(
    '%s keeps every placeholder of English, in every form, and no other',
    (language) => {
      for (const [key, text] of textsOf(language)) {
        const englishText: VisitorText = en[key as keyof typeof en];
        const expected = placeholdersOf(formsOf(englishText).join(' '));
        for (const form of formsOf(text)) {
          expect(placeholdersOf(form), `${language}.${key}: ${form}`).toEqual(expected);
          const braces = form.match(/[{}]/g)?.length ?? 0;
          expect(braces, `${language}.${key} has a stray brace: ${form}`).toBe(
            2 * (form.match(/\{\w+\}/g)?.length ?? 0),
          );
        }
      }
    },
  );

  it.each(VISITOR_LANGUAGES)(
    '%s gives a plural text exactly the categories of its language, each with {count}',
    (language) => {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const [key, text] of textsOf(language)) {
        const englishText: VisitorText = en[key as keyof typeof en];
        expect(typeof text, `${language}.${key}`).toBe(typeof englishText);
        if (typeof text === 'string') continue;
        expect(Object.keys(text).sort(), `${language}.${key}`).toEqual([...categories].sort());
        for (const form of Object.values(text)) expect(form, `${language}.${key}`).toContain('{count}');
      }
    },
  );

  it.each(VISITOR_LANGUAGES)(
    '%s has only non-empty, trimmed texts a marketer could also write',
    (language) => {
      for (const [key, text] of textsOf(language)) {
        for (const form of formsOf(text)) {
          expect(form.trim(), `${language}.${key}`).toBe(form);
          expect(form.length, `${language}.${key}`).toBeGreaterThan(0);
          expect(form.length, `${language}.${key}`).toBeLessThanOrEqual(VISITOR_TEXT_MAX_LENGTH);
        }
      }
    },
  );

  it.each(translatedLanguages)('%s translates all but a handful of texts', (language) => {
    const copied = textsOf(language)
      .filter(([key, text]) => JSON.stringify(text) === JSON.stringify(en[key as keyof typeof en]))
      .map(([key]) => key);
    expect(copied.length, `copied from English: ${copied.join(', ')}`).toBeLessThanOrEqual(3);
  });

  it.each(translatedLanguages)('%s keeps the product name and the ellipses of English', (language) => {
    for (const [key, text] of textsOf(language)) {
      const englishForms = formsOf(en[key as keyof typeof en]);
      for (const form of formsOf(text)) {
        if (englishForms.some((english) => english.includes('Quizbeam')))
          expect(form, key).toContain('Quizbeam');
        if (englishForms.some((english) => english.includes('…'))) expect(form, key).toContain('…');
        expect(form, `${language}.${key} uses three dots`).not.toContain('...');
      }
    }
  });
});
