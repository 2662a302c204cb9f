import type { Question, Quiz } from '@quizbeam/contracts/quiz';
import { describe, expect, it } from 'vitest';
import { followedResponses } from './responses';
import { categoryMaxima, quizResult, weightedOutcome } from './results';
import { analyseScores } from './scoring';
import { buildQuiz } from './testing/quizzes';

describe('weightedOutcome', () => {
  const { quiz, a, o } = buildQuiz({
    type: 'general',
    questions: [{ answers: [{ outcome: 0 }, { outcome: 1 }] }, { answers: [{ outcome: 2 }, {}] }],
    outcomes: ['Thinker', 'Doer', 'Helper'],
  });
  const [[t = 0, d = 0] = [], [h = 0, none = 0] = []] = a;
  const weighted: Quiz = {
    ...quiz,
    questions: quiz.questions.map((question, index) =>
      index === 0
        ? {
            ...question,
            answers: question.answers.map((answer) =>
              answer.id === d
                ? { ...answer, outcomeWeight: 2, extraOutcomes: [{ outcome: o[2] ?? 0, weight: 1 }] }
                : answer,
            ),
          }
        : question,
    ),
  };
  const outcomeOf = (answerIds: number[]) =>
    weightedOutcome(
      weighted,
      followedResponses(
        weighted,
        answerIds.map((answerId, index) => ({ questionId: weighted.questions[index]?.id ?? 0, answerId })),
      ) ?? [],
    )?.name;

  it('counts each link by its weight', () => {
    // Doer 2 + Helper 1 against Helper 1: Doer.
    expect(outcomeOf([d, h])).toBe('Doer');
    // Thinker 1 against Helper 1: a tie, the outcome listed first wins.
    expect(outcomeOf([t, h])).toBe('Thinker');
    // Doer 2 against Helper 1 (its extra link): Doer.
    expect(outcomeOf([d, none])).toBe('Doer');
  });

  it('falls back to the first outcome when nothing links one', () => {
    expect(weightedOutcome(weighted, [])?.name).toBe('Thinker');
  });
});

/** Two categories; the multi-select question (max 2 of 3, 4 points each) counts toward Strategy. */
function assessment(outcomeBy: 'score' | 'percent'): Quiz {
  const { quiz } = buildQuiz({
    questions: [
      { answers: [{ points: 4 }, { points: 4 }, { points: 4 }] },
      { answers: [{ points: 0 }, { points: 2 }] },
    ],
    outcomes:
      outcomeBy === 'percent'
        ? [
            { from: 0, to: 49 },
            { from: 50, to: 100 },
          ]
        : [
            { from: 0, to: 4 },
            { from: 5, to: 10 },
          ],
  });
  const nextId = quiz.nextId;
  const [multi, single] = quiz.questions as [Question, Question];
  return {
    ...quiz,
    nextId: nextId + 2,
    categories: [
      { id: nextId, name: 'Strategy' },
      { id: nextId + 1, name: 'Execution' },
    ],
    scoring: { outcomeBy, showCategoryBars: true },
    questions: [
      { ...multi, type: 'multi_list', selection: { min: null, max: 2 }, category: nextId },
      { ...single, category: nextId + 1 },
    ],
  };
}

describe('quizResult with categories', () => {
  it('gives each category its score, maximum under the selection cap and percentage', () => {
    const quiz = assessment('score');
    expect([...categoryMaxima(quiz).values()]).toEqual([8, 2]);
    expect(analyseScores(quiz).maxScore).toBe(10);
    const [multi, single] = quiz.questions as [Question, Question];
    const responses = [
      { questionId: multi.id, answerIds: [multi.answers[0]?.id ?? 0] },
      { questionId: single.id, answerId: single.answers[1]?.id ?? 0 },
    ];
    const result = quizResult(quiz, 10, responses, followedResponses(quiz, responses) ?? []);
    expect(result).toMatchObject({ score: 6, maxScore: 10, percent: 60, outcomeId: quiz.outcomes[1]?.id });
    expect(result.categories).toEqual([
      { id: quiz.categories?.[0]?.id, name: 'Strategy', score: 4, maxScore: 8, percent: 50 },
      { id: quiz.categories?.[1]?.id, name: 'Execution', score: 2, maxScore: 2, percent: 100 },
    ]);
  });

  it('chooses the outcome by percentage when the quiz says so', () => {
    const quiz = assessment('percent');
    const [multi, single] = quiz.questions as [Question, Question];
    const responses = [
      { questionId: multi.id, answerIds: [multi.answers[0]?.id ?? 0] },
      { questionId: single.id, answerId: single.answers[0]?.id ?? 0 },
    ];
    // 4 of 10 points: 40%, the first interval (0–49), although 4 points would also be in it by score.
    const low = quizResult(quiz, 10, responses, followedResponses(quiz, responses) ?? []);
    expect(low).toMatchObject({ score: 4, percent: 40, outcomeId: quiz.outcomes[0]?.id });
    const high = [
      { ...responses[0], answerIds: multi.answers.slice(0, 2).map((answer) => answer.id) },
      responses[1],
    ];
    const result = quizResult(
      quiz,
      10,
      high as typeof responses,
      followedResponses(quiz, high as typeof responses) ?? [],
    );
    expect(result).toMatchObject({ score: 8, percent: 80, outcomeId: quiz.outcomes[1]?.id });
  });
});
