import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Answered } from '@quizbeam/contracts/visitorEvents';
import { analyseScores } from '@quizbeam/quiz-engine/scoring';
import { describe, expect, it } from 'vitest';
import { everyTypeQuiz } from '../testing/everyTypeQuiz';
import { localResult } from './previewVisitor';

const { quiz: built, q, a } = everyTypeQuiz();
const quiz: Quiz = {
  ...built,
  outcomes: built.outcomes.map((outcome, index) =>
    index === 1
      ? {
          ...outcome,
          name: 'You scored [[score]]',
          descriptions: [
            '[[score]]/[[maxScore]] ([[percent]]%). Strategy [[percent:strategy]]%, ' +
              'Reach [[score: Reach ]] of [[maxScore:Reach]], [[score:Unknown]]',
          ],
        }
      : outcome,
  ),
};
const A = (question: number, answer: number) => a[question]?.[answer] ?? 0;

/** Email and Social (5 points, Strategy), 4 stars (4, Strategy), 85 people (5, Reach): 14 points. */
const responses: Answered[] = [
  { questionId: q[0] ?? 0, answerIds: [A(0, 0), A(0, 1)] },
  { questionId: q[1] ?? 0, answerIds: [A(1, 0)] },
  { questionId: q[2] ?? 0, value: 4 },
  { questionId: q[3] ?? 0, value: 9 },
  { questionId: q[4] ?? 0, value: 85 },
  { questionId: q[5] ?? 0, value: 7 },
  { questionId: q[6] ?? 0, answerId: A(6, 3) },
  { questionId: q[7] ?? 0, text: '' },
  { questionId: q[8] ?? 0, text: 'Founder' },
];

describe('the preview’s result, computed in the page', () => {
  it('scores every type with the engine, per category too, and fills every shortcode', () => {
    const maxScore = analyseScores(quiz).maxScore;
    // At most: three channels (6), five stars (5), a big team (5).
    expect(maxScore).toBe(16);
    const result = localResult(quiz, maxScore, responses);
    expect(result).toMatchObject({
      outcomeId: quiz.outcomes[1]?.id,
      score: 14,
      maxScore: 16,
      percent: 88,
      showCategoryBars: true,
      categories: [
        { name: 'Strategy', score: 9, maxScore: 11, percent: 82 },
        { name: 'Reach', score: 5, maxScore: 5, percent: 100 },
      ],
    });
    expect(result.outcome).toMatchObject({
      title: 'You scored 14',
      descriptionHtml: '14/16 (88%). Strategy 82%, Reach 5 of 5, [[score:Unknown]]',
    });
  });

  it('shows no bars when the quiz does not, and refuses answers that do not walk the quiz', () => {
    const quiet: Quiz = { ...quiz, scoring: { outcomeBy: 'score', showCategoryBars: false } };
    expect(localResult(quiet, 16, responses).showCategoryBars).toBe(false);
    expect(() => localResult(quiz, 16, responses.slice(1))).toThrow(/do not follow the quiz/);
    expect(() =>
      localResult(quiz, 16, [{ questionId: q[0] ?? 0, answerIds: [A(0, 0)] }, ...responses.slice(1)]),
    ).toThrow();
  });
});
