import type { Quiz } from '@quizbeam/contracts/quiz';
import { describe, expect, it } from 'vitest';
import { publishedQuizView } from '../publishedQuizView';
import { END, everyTypeQuiz, goTo, range } from '../testing/everyTypeQuiz';
import { everyResponsePath } from '../testing/responsePaths';
import { questionAfterPath } from './questionPath';

/** The quiz of every type, with rules of answers and ranges that jump ahead, back and to the end. */
function branchingQuiz(): Quiz {
  const { quiz, q } = everyTypeQuiz();
  const to = (index: number) => goTo(q[index] ?? 0);
  return {
    ...quiz,
    questions: quiz.questions.map((question, index) => {
      switch (index) {
        case 0:
          return {
            ...question,
            selection: { min: 1, max: 2 },
            answers: question.answers.map((answer, at) => ({
              ...answer,
              next: [answer.next, to(3), END][at] ?? answer.next,
            })),
          };
        case 1:
          return {
            ...question,
            next: to(5),
            answers: question.answers.map((answer, at) => (at === 0 ? { ...answer, next: to(0) } : answer)),
          };
        case 2:
          return {
            ...question,
            ranges: [range(1, 2, { next: to(6) }), range(3, 3, { next: END }), range(4, 5)],
          };
        case 3:
          return { ...question, ranges: [range(0, 5, { next: to(1) })], next: to(7) };
        case 4:
          return { ...question, ranges: [range(0, 50, { next: to(2) }), range(55, 100)] };
        case 6:
          return {
            ...question,
            answers: question.answers.map((answer, at) => ({
              ...answer,
              next: [END, to(4)][at] ?? answer.next,
            })),
          };
        default:
          return question;
      }
    }),
  };
}

describe('where a visitor’s responses lead on the page', () => {
  it('is where the engine leads them, for every type, on every path', () => {
    const quiz = branchingQuiz();
    const view = publishedQuizView(quiz, 0);
    const steps = everyResponsePath(quiz);
    expect(steps.length).toBeGreaterThan(200);
    // The paths reach the end from several questions and skip some.
    expect(
      new Set(steps.filter((step) => step.next === null).map((step) => step.responses.length)).size,
    ).toBeGreaterThan(3);
    for (const { responses, next } of steps)
      expect([responses, questionAfterPath(view, responses)]).toEqual([responses, next]);
  });

  it('is nowhere for a response that does not fit its question', () => {
    const { quiz, q, a } = everyTypeQuiz();
    const view = publishedQuizView(quiz, 0);
    const [q0 = 0, q1 = 0] = q;
    const twoChannels = { questionId: q0, answerIds: [a[0]?.[0] ?? 0, a[0]?.[1] ?? 0] };
    expect(questionAfterPath(view, [twoChannels])).toBe(q1);
    for (const wrong of [
      { questionId: q0, answerId: a[0]?.[0] ?? 0 },
      { questionId: q0, value: 3 },
      { questionId: q0, text: 'Email' },
      { questionId: q0, answerIds: [a[0]?.[0] ?? 0, a[1]?.[0] ?? 0] },
      { questionId: q1, answerIds: [a[1]?.[0] ?? 0] },
    ]) {
      expect(questionAfterPath(view, [wrong])).toBeUndefined();
    }
    expect(questionAfterPath(view, [twoChannels, { questionId: q1, value: 2 }])).toBeUndefined();
  });
});
