import type { Question, Quiz } from '@quizbeam/contracts/quiz';
import { quizSchema } from '@quizbeam/contracts/quiz';
import { describe, expect, it } from 'vitest';
import { followedResponses, responseEffect } from './responses';
import { buildQuiz } from './testing/quizzes';

/** A scored quiz: a multi-select question, a rating and a number question, then a text question. */
function mixedQuiz(): { quiz: Quiz; q: number[]; a: number[][] } {
  const built = buildQuiz({
    questions: [
      { answers: [{ points: 2 }, { points: 3, to: 2 }, { points: 5 }] },
      { answers: [] },
      { answers: [] },
      {},
    ],
    outcomes: [{ from: 0, to: 100 }],
  });
  const [multi, rating, number, text] = built.quiz.questions as [Question, Question, Question, Question];
  const quiz: Quiz = {
    ...built.quiz,
    questions: [
      { ...multi, type: 'multi_list', selection: { min: 1, max: 2 } },
      {
        ...rating,
        type: 'rating',
        rating: { kind: 'stars', lowLabel: 'Bad', highLabel: 'Great' },
        ranges: [{ from: 4, to: 5, points: 4, outcome: null, next: rating.next }],
      },
      {
        ...number,
        type: 'number_input',
        number: { min: 0, max: 50, step: 0.5, unit: 'kg', display: 'slider' },
        ranges: [
          { from: 0, to: 9.5, points: 1, outcome: null, next: number.next },
          { from: 10, to: 50, points: 6, outcome: null, next: number.next },
        ],
      },
      { ...text, type: 'text_input', optional: true },
    ],
  };
  return { quiz: quizSchema.parse(quiz), q: built.q, a: built.a };
}

describe('responseEffect', () => {
  const { quiz, q, a } = mixedQuiz();
  const [multi, rating, number, text] = quiz.questions as [Question, Question, Question, Question];
  const [m1 = 0, m2 = 0, m3 = 0] = a[0] ?? [];

  it('adds up a multi-select choice and lets the first chosen answer with a rule decide', () => {
    expect(responseEffect(multi, { questionId: multi.id, answerIds: [m1, m3] })).toMatchObject({
      points: 7,
      rule: null,
    });
    const ruled = responseEffect(multi, { questionId: multi.id, answerIds: [m3, m2] });
    expect(ruled?.points).toBe(8);
    expect(ruled?.rule).toMatchObject({ behaviour: 'specific_question', target: q[2] });
  });

  it('refuses choices outside the selection bounds, repeats, unknown ids and other shapes', () => {
    expect(responseEffect(multi, { questionId: multi.id, answerIds: [m1, m2, m3] })).toBeNull();
    expect(responseEffect(multi, { questionId: multi.id, answerIds: [m1, m1] })).toBeNull();
    expect(responseEffect(multi, { questionId: multi.id, answerIds: [9999] })).toBeNull();
    expect(responseEffect(multi, { questionId: multi.id, answerId: m1 })).toBeNull();
    expect(responseEffect(rating, { questionId: multi.id, value: 3 })).toBeNull();
  });

  it('scores a value by the first range holding it, and 0 outside every range', () => {
    expect(responseEffect(rating, { questionId: rating.id, value: 5 })?.points).toBe(4);
    expect(responseEffect(rating, { questionId: rating.id, value: 2 })?.points).toBe(0);
    expect(responseEffect(rating, { questionId: rating.id, value: 6 })).toBeNull();
    expect(responseEffect(rating, { questionId: rating.id, value: 2.5 })).toBeNull();
    expect(responseEffect(number, { questionId: number.id, value: 9.5 })?.points).toBe(1);
    expect(responseEffect(number, { questionId: number.id, value: 12 })?.points).toBe(6);
    expect(responseEffect(number, { questionId: number.id, value: 12.25 })).toBeNull();
    expect(responseEffect(number, { questionId: number.id, value: 51 })).toBeNull();
  });

  it('takes any text up to the cap, and an empty one only when the question is optional', () => {
    expect(responseEffect(text, { questionId: text.id, text: '' })).toMatchObject({ points: 0 });
    expect(responseEffect({ ...text, optional: false }, { questionId: text.id, text: ' ' })).toBeNull();
    expect(responseEffect(text, { questionId: text.id, text: 'x'.repeat(2001) })).toBeNull();
  });
});

describe('followedResponses', () => {
  const { quiz, a } = mixedQuiz();
  const [multi, rating, number, text] = quiz.questions as [Question, Question, Question, Question];
  const [m1 = 0, m2 = 0] = a[0] ?? [];

  it('follows every type to the end, branching where a chosen answer says', () => {
    const all = [
      { questionId: multi.id, answerIds: [m1] },
      { questionId: rating.id, value: 4 },
      { questionId: number.id, value: 20 },
      { questionId: text.id, text: 'Thanks' },
    ];
    expect(followedResponses(quiz, all)?.map((effect) => effect.points)).toEqual([2, 4, 6, 0]);
    // Answer 2 jumps to the number question, skipping the rating.
    const jumped = [
      { questionId: multi.id, answerIds: [m2] },
      { questionId: number.id, value: 3 },
      { questionId: text.id, text: '' },
    ];
    expect(followedResponses(quiz, jumped)?.map((effect) => effect.points)).toEqual([3, 1, 0]);
    expect(followedResponses(quiz, [all[0], all[2], all[3]] as typeof all)).toBeNull();
    expect(followedResponses(quiz, all.slice(0, 3))).toBeNull();
  });
});
