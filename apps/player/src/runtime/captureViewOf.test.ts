import type { Question, Quiz } from '@quizbeam/contracts/quiz';
import { followedResponses } from '@quizbeam/quiz-engine/responses';
import { quizResult } from '@quizbeam/quiz-engine/results';
import { analyseScores } from '@quizbeam/quiz-engine/scoring';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { describe, expect, it } from 'vitest';
import { publishedQuizView } from '../publishedQuizView';
import { range } from '../testing/everyTypeQuiz';
import { everyResponsePath } from '../testing/responsePaths';
import { captureViewOf } from './captureViewOf';

/** Segment by Outcome on, each outcome's form titled after it. */
function segmented(quiz: Quiz): Quiz {
  return {
    ...quiz,
    leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true, usePerOutcomeSettings: true },
    outcomes: quiz.outcomes.map((outcome) => ({
      ...outcome,
      leadCaptureSettings: { ...outcome.leadCaptureSettings, headerText: `Form for ${outcome.name}` },
    })),
  };
}

const typed = (quiz: Quiz, settings: Partial<Question>[]): Quiz => ({
  ...quiz,
  questions: quiz.questions.map((question, index) => ({ ...question, ...settings[index] })),
});

/** On every finished path, the form shown is the form of the outcome the engine computes. */
function expectEngineForms(quiz: Quiz, maxScore: number): Set<string> {
  const view = publishedQuizView(quiz, maxScore);
  const capture = view.leadCapture;
  if (!capture) throw new Error('no capture form');
  const shownTitles = new Set<string>();
  for (const { responses, next } of everyResponsePath(quiz)) {
    if (next !== null) continue;
    const effects = followedResponses(quiz, responses);
    if (!effects) throw new Error('the engine refuses a path it walked');
    const outcomeId = quizResult(quiz, maxScore, responses, effects).outcomeId;
    const outcome = quiz.outcomes.find((candidate) => candidate.id === outcomeId);
    const shown = captureViewOf(view, capture, responses).headerText;
    expect([responses, shown]).toEqual([
      responses,
      outcome ? `Form for ${outcome.name}` : capture.headerText,
    ]);
    shownTitles.add(shown);
  }
  return shownTitles;
}

describe('the capture form of the outcome a visitor’s responses lead to', () => {
  it('weighs every outcome link of several answers, value ranges and a long list as the engine does', () => {
    const { quiz, o } = buildQuiz({
      type: 'general',
      questions: [{ answers: [{}, {}, {}, {}] }, {}, { answers: [{}, {}, {}] }, {}],
      outcomes: ['Explorer', 'Relaxer', 'Reader'],
    });
    const [explorer = 0, relaxer = 0, reader = 0] = o;
    const links = [
      { outcome: explorer, outcomeWeight: 3 },
      { outcome: relaxer, extraOutcomes: [{ outcome: reader, weight: 2 }] },
      { outcome: reader },
      {},
    ];
    const general = typed(quiz, [
      {
        type: 'multi_list',
        selection: { min: 1, max: 2 },
        answers: quiz.questions[0]?.answers.map((answer, at) => ({ ...answer, ...links[at] })) ?? [],
      },
      {
        type: 'rating',
        rating: { kind: 'zero_to_ten', lowLabel: '', highLabel: '' },
        ranges: [
          range(0, 4, { outcome: explorer, outcomeWeight: 2 }),
          range(5, 8, { outcome: relaxer, outcomeWeight: 5 }),
          range(9, 10, { outcome: null, extraOutcomes: [{ outcome: reader, weight: 4 }] }),
        ],
      },
      {
        type: 'dropdown',
        answers:
          quiz.questions[2]?.answers.map((answer, at) => ({
            ...answer,
            outcome: o[at] ?? null,
            outcomeWeight: at + 1,
          })) ?? [],
      },
      { type: 'text_input' },
    ]);
    expect(expectEngineForms(segmented(general), 0)).toEqual(
      new Set(['Form for Explorer', 'Form for Relaxer', 'Form for Reader']),
    );
  });

  it('sums the points of several answers and value ranges, by score or by percentage of the maximum', () => {
    const { quiz } = buildQuiz({
      type: 'scored',
      questions: [{ answers: [{ points: 3 }, { points: 1 }, { points: 2 }, {}] }, {}, {}],
      outcomes: [
        { from: 0, to: 3 },
        { from: 4, to: 6 },
        { from: 7, to: 10 },
      ],
    });
    const byScore = typed(quiz, [
      { type: 'multi_list', selection: { min: 1, max: 2 } },
      {
        type: 'number_input',
        number: { min: 0, max: 10, step: 1, unit: '', display: 'field' },
        ranges: [range(0, 3), range(4, 7, { points: 2 }), range(8, 10, { points: 5 })],
      },
      { type: 'text_input', optional: true },
    ]);
    const maxScore = analyseScores(byScore).maxScore;
    expect(maxScore).toBe(10);
    expect(expectEngineForms(segmented(byScore), maxScore).size).toBe(3);
    const byPercent: Quiz = {
      ...byScore,
      scoring: { outcomeBy: 'percent', showCategoryBars: false },
      outcomes: byScore.outcomes.map((outcome, index) => ({
        ...outcome,
        scoreRange:
          [
            { from: 0, to: 29 },
            { from: 30, to: 59 },
            { from: 60, to: 100 },
          ][index] ?? outcome.scoreRange,
      })),
    };
    // A score of 3 is 30%: the first outcome's by score, the second's by percentage.
    expect(expectEngineForms(segmented(byPercent), maxScore).size).toBe(3);
    expect(publishedQuizView(segmented(byPercent), maxScore).leadCapture?.percentOf).toBe(maxScore);
  });
});
