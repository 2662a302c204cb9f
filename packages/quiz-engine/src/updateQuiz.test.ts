import type { Quiz } from '@quizbeam/contracts/quiz';
import { QUIZ_DOCUMENT_VERSION } from '@quizbeam/contracts/quizConstants';
import { describe, expect, it } from 'vitest';
import { newQuiz } from './newQuiz';
import { updateQuiz } from './updateQuiz';

describe('updateQuiz', () => {
  const quiz = newQuiz({ id: 'q1', name: 'Quiz', type: 'general' });

  it('patches top-level fields and returns a new object', () => {
    const updated = updateQuiz(quiz, {
      title: 'Hello',
      startPage: { enabled: false },
      showPoweredByBadge: true,
    });
    expect(updated).not.toBe(quiz);
    expect(updated.title).toBe('Hello');
    expect(updated.startPage).toEqual({ enabled: false });
    expect(updated.showPoweredByBadge).toBe(true);
    expect(quiz.title).toBe('Quiz');
  });

  it('ignores protected keys smuggled through a cast and undefined values', () => {
    const patch = {
      id: 'other',
      nextId: 99,
      questions: [],
      version: 4,
      name: undefined,
    } as unknown as Parameters<typeof updateQuiz>[1];
    const updated: Quiz = updateQuiz(quiz, patch);
    expect(updated.id).toBe('q1');
    expect(updated.nextId).toBe(1);
    expect(updated.version).toBe(QUIZ_DOCUMENT_VERSION);
    expect(updated.name).toBe('Quiz');
  });
});
