import { describe, expect, it } from 'vitest';
import type { PublishedQuizView } from './playerData';
import { type Progress, progressLabel, progressPercent, questionProgress } from './progress';

/** Questions 1..n in list order; question n's answers lead to `targets[n - 1]` (a question, or null: the end). */
function flow(...targets: (number | null)[][]): PublishedQuizView {
  return {
    type: 'general',
    title: 'Quiz',
    description: '',
    cta: 'Start',
    startPage: false,
    leadCapture: null,
    urlFields: [],
    questions: targets.map((nexts, index) => ({
      id: index + 1,
      type: 'single_list',
      text: `Question ${index + 1}`,
      imageUrl: null,
      next: null,
      leadsTo: nexts.filter((next) => next !== null),
      answers: nexts.map((next, answer) => ({
        id: 100 * (index + 1) + answer,
        text: `Answer ${answer}`,
        imageUrl: null,
        imageCaption: '',
        next,
      })),
    })),
  };
}

/** The progress shown at each question of a path. */
const along = (quiz: PublishedQuizView, path: number[]): Progress[] =>
  path.map((questionId, index) => questionProgress(quiz, path.slice(0, index), questionId));

describe('questionProgress', () => {
  it('counts the steps of a quiz that follows its list', () => {
    const quiz = flow([2], [3], [4], [null]);
    expect(along(quiz, [1, 2, 3, 4])).toEqual([
      { step: 1, total: 4 },
      { step: 2, total: 4 },
      { step: 3, total: 4 },
      { step: 4, total: 4 },
    ]);
    expect(progressLabel({ step: 3, total: 5 })).toBe('Question 3 of 5');
  });

  it('keeps the total when a branch skips a question (never “2 of 4”, then “3 of 3”)', () => {
    // Question 2's second answer skips question 3.
    const quiz = flow([2], [3, 4], [4], [null]);
    expect(along(quiz, [1, 2, 4]).map(progressLabel)).toEqual([
      'Question 1 of 4',
      'Question 2 of 4',
      'Question 3 of 4',
    ]);
  });

  it('counts the longest path through the flow, not the questions left in the list', () => {
    // Every answer of question 1 jumps to question 4; question 4 may go back to question 2.
    const quiz = flow([4, 4], [3], [null], [null, 2]);
    expect(along(quiz, [1, 4, 2, 3]).map(progressLabel)).toEqual([
      'Question 1 of 4',
      'Question 2 of 4',
      'Question 3 of 4',
      'Question 4 of 4',
    ]);
    // A quiz whose only path skips the middle of the list is two questions long.
    expect(questionProgress(flow([4], [3], [null], [null]), [], 1)).toEqual({ step: 1, total: 2 });
  });

  it('counts a cycle’s questions once and never goes below a total already shown', () => {
    // 1 → 2 → 3 → 2 (answered: the quiz ends) or → 4.
    const quiz = flow([2], [3], [2, 4], [null]);
    const shown = along(quiz, [1, 2, 3, 4]);
    expect(shown.map((progress) => progress.total)).toEqual([4, 4, 4, 4]);
    // Going back from question 3 to question 2 ends the quiz there: the total stays.
    expect(along(quiz, [1, 2, 3])[2]).toEqual({ step: 3, total: 4 });
  });

  it('fills the bar only once the last question is answered', () => {
    const quiz = flow([2], [3], [null]);
    const percents = along(quiz, [1, 2, 3]).map(progressPercent);
    expect(percents).toEqual([0, 33, 67]);
    expect(Math.max(...percents)).toBeLessThan(100);
  });
});
