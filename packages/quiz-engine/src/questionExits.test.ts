import type { Question, Quiz } from '@quizbeam/contracts/quiz';
import type { QuestionResponse } from '@quizbeam/contracts/responses';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstQuestionId } from './flow';
import { responseEffect, stepAfter } from './responses';
import { analyseScores } from './scoring';
import { buildQuiz, type To } from './testing/quizzes';

/** Every response a visitor could give to a multi-select question: each subset of its answers. */
function everyChoice(question: Question): QuestionResponse[] {
  const ids = question.answers.map((answer) => answer.id);
  return Array.from({ length: 2 ** ids.length - 1 }, (_, mask) =>
    ids.filter((_, bit) => ((mask + 1) >> bit) & 1),
  ).map((answerIds) => ({ questionId: question.id, answerIds }));
}

/** Every total a walk can end with, trying every response the question accepts. */
function bruteForceTotals(quiz: Quiz): Set<number> {
  const totals = new Set<number>();
  const walk = (questionId: number | null, answered: Set<number>, sum: number) => {
    const question = quiz.questions.find((candidate) => candidate.id === questionId);
    if (!question || answered.has(question.id)) {
      totals.add(sum);
      return;
    }
    for (const response of everyChoice(question)) {
      const effect = responseEffect(question, response);
      if (!effect) continue;
      const step = stepAfter(quiz, question, effect);
      walk(
        step.kind === 'question' ? step.questionId : null,
        new Set([...answered, question.id]),
        sum + effect.points,
      );
    }
  };
  walk(firstQuestionId(quiz), new Set(), 0);
  return totals;
}

const smallMultiQuiz = fc.array(
  fc.record({
    answers: fc.array(
      fc.record({
        points: fc.nat({ max: 10 }),
        to: fc.constantFrom<To>('follow', 'follow', 'end', 'next', 0, 1, 2, 3),
      }),
      { minLength: 1, maxLength: 5 },
    ),
    min: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    max: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  }),
  { minLength: 1, maxLength: 4 },
);

describe('multi-select exits', () => {
  it('list exactly the totals some walk can collect (against brute force), under the selection bounds', () => {
    fc.assert(
      fc.property(smallMultiQuiz, (specs) => {
        const { quiz } = buildQuiz({ questions: specs.map(({ answers }) => ({ answers })) });
        const multi: Quiz = {
          ...quiz,
          questions: quiz.questions.map((question, index) => {
            const { min, max } = specs[index] ?? { min: null, max: null };
            const ordered = min !== null && max !== null && min > max ? { min: max, max: min } : { min, max };
            return { ...question, type: 'multi_list', selection: ordered };
          }),
        };
        const analysis = analyseScores(multi);
        const expected = [...bruteForceTotals(multi)].sort((x, y) => x - y);
        if (analysis.exact && analysis.achievableScores) expect(analysis.achievableScores).toEqual(expected);
        expect(analysis.maxScore).toBeGreaterThanOrEqual(Math.max(...expected));
        if (analysis.exact) expect(analysis.maxScore).toBe(Math.max(...expected));
      }),
      { numRuns: 300 },
    );
  });
});
