import { describe, expect, it } from 'vitest';
import { quizVisitorTexts, visitorLanguageFor } from './quizVisitorTexts';
import { isVisitorLanguage, negotiateVisitorLanguage, textDirectionOf } from './visitorLanguages';
import { ar } from './visitorTexts/ar';
import { ja } from './visitorTexts/ja';

describe('the language a visitor is shown', () => {
  it.each([
    ['ja-JP,ja;q=0.9,en;q=0.8', 'ja'],
    ['fr-CA', 'fr'],
    ['PT', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-TW, zh-HK;q=0.9', 'de'],
    ['zh-Hant', 'de'],
    ['ko, *;q=0.1', 'de'],
    ['he;q=0.2, ar;q=0.9', 'ar'],
    ['en;q=0, es', 'es'],
    ['', 'de'],
    [';;;,,,q=x', 'de'],
    [`${'x-'.repeat(2000)}fr`, 'de'],
  ])('%s → %s (the quiz is German)', (acceptLanguage, expected) => {
    expect(negotiateVisitorLanguage(acceptLanguage, 'de')).toBe(expected);
  });

  it('follows the browser only when the quiz asks, and is English for a quiz without a language', () => {
    expect(visitorLanguageFor(undefined, 'ja')).toBe('en');
    expect(visitorLanguageFor({ code: 'ar', useBrowserLanguage: false }, 'ja')).toBe('ar');
    expect(visitorLanguageFor({ code: 'ar', useBrowserLanguage: true }, 'ja')).toBe('ja');
    expect(visitorLanguageFor({ code: 'ar', useBrowserLanguage: true }, undefined)).toBe('ar');
  });

  it('knows the right-to-left languages and refuses codes it does not have', () => {
    expect(['ar', 'he', 'ja', 'en'].map((code) => textDirectionOf(code as 'ar'))).toEqual([
      'rtl',
      'rtl',
      'ltr',
      'ltr',
    ]);
    expect(['en', 'pt-BR', 'zh-CN', 'pt', 'EN', 'zh', 'xx', 7].map(isVisitorLanguage)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('a quiz’s texts in a language', () => {
  it('are the catalogue’s with the marketer’s own over them, empty ones and other languages’ left out', () => {
    const texts = quizVisitorTexts(
      {
        code: 'ar',
        useBrowserLanguage: true,
        texts: { ar: { back: 'رجوع', next: '  ', matches: 'نتائج: {count}' }, ja: { back: '戻る!' } },
      },
      'ar',
    );
    expect(texts.back).toBe('رجوع');
    expect(texts.next).toBe(ar.next);
    // One version of a counted text serves every count.
    expect(texts.matches).toEqual({ other: 'نتائج: {count}' });
    expect(quizVisitorTexts(undefined, 'ja')).toEqual(ja);
  });
});
