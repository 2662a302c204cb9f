import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import { describe, expect, it } from 'vitest';
import { setOwnText, setQuizLanguage, setUseBrowserLanguage } from './languageActions';

const quiz = () => newQuiz({ id: 'q1', name: 'Quiz', type: 'general' });

describe('the Language tab’s changes', () => {
  it('writes the setting out on the first change and keeps the rest', () => {
    const arabic = setQuizLanguage(quiz(), 'ar');
    expect(arabic.language).toEqual({ code: 'ar', useBrowserLanguage: false });
    expect(setUseBrowserLanguage(arabic, true).language).toEqual({ code: 'ar', useBrowserLanguage: true });
  });

  it('keeps a text per language and removes an emptied one, and its language when none is left', () => {
    const one = setOwnText(quiz(), 'ar', 'back', 'رجوع');
    const two = setOwnText(one, 'ja', 'next', '次');
    expect(two.language?.texts).toEqual({ ar: { back: 'رجوع' }, ja: { next: '次' } });
    const cleared = setOwnText(two, 'ar', 'back', '  ');
    expect(cleared.language?.texts).toEqual({ ja: { next: '次' } });
    expect(cleared.language?.code).toBe('en');
  });
});
