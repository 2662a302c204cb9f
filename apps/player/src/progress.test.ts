import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import { addQuestion } from '@quizbeam/quiz-engine/questions';
import { describe, expect, it } from 'vitest';
import { progressLabel, questionProgress } from './progress';

function quizWithQuestions(count: number) {
  let quiz = newQuiz({ id: 'q', name: 'Quiz', type: 'general' });
  const ids: number[] = [];
  for (let index = 0; index < count; index++) {
    const added = addQuestion(quiz);
    quiz = added.quiz;
    ids.push(added.questionId);
  }
  return { quiz, ids };
}

describe('questionProgress', () => {
  it('counts the visitor’s steps out of the questions still ahead in the list', () => {
    const { quiz, ids } = quizWithQuestions(5);
    const [q1 = 0, q2 = 0, q3 = 0, , q5 = 0] = ids;
    expect(questionProgress(quiz, [], q1)).toEqual({ step: 1, total: 5 });
    expect(questionProgress(quiz, [q1], q2)).toEqual({ step: 2, total: 5 });
    // A jump from the first question to the last: two steps in all.
    expect(questionProgress(quiz, [q1], q5)).toEqual({ step: 2, total: 2 });
    // A jump back to an earlier question: answered ones are not counted again.
    expect(questionProgress(quiz, [q1, q3], q2)).toEqual({ step: 3, total: 5 });
    expect(progressLabel({ step: 3, total: 5 })).toBe('Question 3 of 5');
  });
});
