import { ar } from '@quizbeam/contracts/visitorTexts/ar';
import { en } from '@quizbeam/contracts/visitorTexts/en';
import { pl } from '@quizbeam/contracts/visitorTexts/pl';
import { afterEach, describe, expect, it } from 'vitest';
import { formatNumber, text, useVisitorTexts, withVisitorTexts } from './visitorText';

afterEach(() => useVisitorTexts('en', en));

describe('a visitor text', () => {
  it('fills in its names, formatting numbers for the language', () => {
    expect(text('progress', { step: 1, total: 1200 })).toBe('Question 1 of 1,200');
    useVisitorTexts('de', { progress: 'Frage {step} von {total}' });
    expect(text('progress', { step: 2, total: 1200 })).toBe('Frage 2 von 1.200');
    expect(formatNumber(0.5)).toBe('0,5');
  });

  it('takes the plural form the count needs in the language', () => {
    expect(text('matches', { count: 1 })).toBe('1 answer matches.');
    expect(text('matches', { count: 3 })).toBe('3 answers match.');
    useVisitorTexts('pl', pl);
    const forms = [1, 2, 5, 22].map((count) => text('matches', { count }));
    expect(forms[0]).toContain(pl.matches.one?.replace('{count}', '1').slice(0, 3));
    expect(new Set(forms.map((form) => form.replace(/\d+/, ''))).size).toBe(3);
    useVisitorTexts('ar', ar);
    const arabic = (count: number) => text('matches', { count }).replace(/[\d٠-٩]+/g, '#');
    const form = (category: keyof typeof ar.matches) => ar.matches[category]?.replace('{count}', '#');
    expect([2, 3, 11, 100].map(arabic)).toEqual([form('two'), form('few'), form('many'), form('other')]);
  });

  it('draws with other texts only for the time asked, then as before', () => {
    const inArabic = withVisitorTexts('ar', ar, () => text('back'));
    expect(inArabic).toBe(ar.back);
    expect(text('back')).toBe('Back');
  });

  it('shows its key rather than nothing when a page lacks it', () => {
    useVisitorTexts('en', {});
    expect(text('back')).toBe('back');
  });
});
