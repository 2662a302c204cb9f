import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetDraft, keepDraft, readDraft } from './localDraft';

const quiz = newQuiz({ id: '5f0c2a57-4a51-4e0e-9d8e-0d1bb1a4a001', name: 'Coffee', type: 'general' });

describe('the unsaved quiz kept in this browser', () => {
  afterEach(() => localStorage.clear());

  it('reads back what was kept, and nothing once forgotten', () => {
    const draft = { base: quiz, current: { ...quiz, name: 'Coffee finder' } };
    expect(keepDraft(quiz.id, draft)).toBe(true);
    expect(readDraft(quiz.id)).toEqual(draft);
    forgetDraft(quiz.id);
    expect(readDraft(quiz.id)).toBeNull();
  });

  it('ignores what is not a draft of this quiz', () => {
    localStorage.setItem(`quizbeam.unsavedQuiz.${quiz.id}`, '{not json');
    expect(readDraft(quiz.id)).toBeNull();
    localStorage.setItem(
      `quizbeam.unsavedQuiz.${quiz.id}`,
      JSON.stringify({ base: quiz, current: { id: 1 } }),
    );
    expect(readDraft(quiz.id)).toBeNull();
    const other = { ...quiz, id: 'aa0c2a57-4a51-4e0e-9d8e-0d1bb1a4a001' };
    keepDraft(quiz.id, { base: other, current: other });
    expect(readDraft(quiz.id)).toBeNull();
  });
});
