import {
  questionProblems,
  RANGE_ORDER_MESSAGE,
  SELECTION_ORDER_MESSAGE,
} from '@quizbeam/contracts/questionSettings';
import { quizSchema, type ValueRange } from '@quizbeam/contracts/quiz';
import { END_QUIZ_TARGET, MAX_QUESTIONS, NUMBER_INPUT_LIMIT } from '@quizbeam/contracts/quizConstants';
import { describe, expect, it } from 'vitest';
import { addCategory } from './categories';
import { newQuiz } from './newQuiz';
import { addQuestion, moveQuestion, removeQuestion, updateQuestion } from './questions';
import { buildQuiz } from './testing/quizzes';

describe('addQuestion', () => {
  it('appends an empty text question with the next id and rank', () => {
    const quiz = newQuiz({ id: 'x', name: 'X', type: 'general' });
    const first = addQuestion(quiz);
    const second = addQuestion(first.quiz);
    expect(first.questionId).toBe(1);
    expect(second.questionId).toBe(2);
    expect(second.quiz.nextId).toBe(3);
    expect(second.quiz.questions[1]).toEqual({
      id: 2,
      rank: 2,
      type: 'single_list',
      image: null,
      text: '',
      answers: [],
      next: { defaultBehaviour: 'next_in_list', behaviour: 'next_in_list', target: null },
    });
    expect(quiz.questions).toEqual([]);
    expect(quiz.nextId).toBe(1);
    expect(() => quizSchema.parse(second.quiz)).not.toThrow();
  });

  it('refuses more than MAX_QUESTIONS questions', () => {
    let quiz = newQuiz({ id: 'x', name: 'X', type: 'general' });
    for (let index = 0; index < MAX_QUESTIONS; index++) quiz = addQuestion(quiz).quiz;
    expect(() => addQuestion(quiz)).toThrow(/at most 500/);
  });
});

describe('removeQuestion', () => {
  it('removes the question and renumbers the rest', () => {
    const { quiz, q } = buildQuiz({ questions: [{}, {}, {}] });
    const result = removeQuestion(quiz, q[0] ?? 0);
    expect(result.questions.map((question) => [question.id, question.rank])).toEqual([
      [q[1], 1],
      [q[2], 2],
    ]);
    expect(quiz.questions).toHaveLength(3);
  });

  it('resets every question and answer rule that jumped to it, and nothing else', () => {
    const { quiz, q } = buildQuiz({
      questions: [
        { to: 2, answers: [{ to: 2 }, { to: 1 }, { to: 'end' }] },
        { answers: [{ to: 2 }] },
        { answers: [{}] },
      ],
    });
    const result = removeQuestion(quiz, q[2] ?? 0);
    const [first, second] = result.questions;
    expect(first?.next).toEqual({
      defaultBehaviour: 'next_in_list',
      behaviour: 'next_in_list',
      target: null,
    });
    expect(first?.answers[0]?.next).toEqual({
      defaultBehaviour: 'follow_question',
      behaviour: 'follow_question',
      target: null,
    });
    expect(first?.answers[1]?.next).toMatchObject({ behaviour: 'specific_question', target: q[1] });
    expect(first?.answers[2]?.next).toMatchObject({ behaviour: 'end_quiz', target: END_QUIZ_TARGET });
    expect(second?.answers[0]?.next.behaviour).toBe('follow_question');
  });

  it('returns the same quiz for an unknown id', () => {
    const { quiz } = buildQuiz({ questions: [{}] });
    expect(removeQuestion(quiz, 999)).toBe(quiz);
  });

  it('resets a value range’s rule that jumped to it', () => {
    const { quiz, q } = buildQuiz({ questions: [{}, {}] });
    const rated = updateQuestion(quiz, q[0] ?? 0, { type: 'rating' });
    const ranges = rated.questions[0]?.ranges ?? [];
    const jumping = updateQuestion(rated, q[0] ?? 0, {
      ranges: ranges.map((range, index) =>
        index === 0
          ? {
              ...range,
              next: {
                defaultBehaviour: 'follow_question',
                behaviour: 'specific_question',
                target: q[1] ?? 0,
              },
            }
          : range,
      ),
    });
    const result = removeQuestion(jumping, q[1] ?? 0);
    expect(result.questions[0]?.ranges?.[0]?.next).toEqual({
      defaultBehaviour: 'follow_question',
      behaviour: 'follow_question',
      target: null,
    });
    expect(result.questions[0]?.ranges?.[1]).toBe(jumping.questions[0]?.ranges?.[1]);
  });
});

describe('moveQuestion', () => {
  it('moves to the target index and renumbers', () => {
    const { quiz, q } = buildQuiz({ questions: [{}, {}, {}] });
    const moved = moveQuestion(quiz, q[0] ?? 0, 2);
    expect(moved.questions.map((question) => question.id)).toEqual([q[1], q[2], q[0]]);
    expect(moved.questions.map((question) => question.rank)).toEqual([1, 2, 3]);
    expect(moveQuestion(quiz, 999, 0)).toBe(quiz);
  });
});

describe('updateQuestion', () => {
  it('patches text, image and type', () => {
    const { quiz, q } = buildQuiz({ questions: [{ answers: [{}] }] });
    const image = { id: 'i', accountId: 'a', filename: 'f.png', s3Key: 'k', url: 'u', width: 1, height: 1 };
    const updated = updateQuestion(quiz, q[0] ?? 0, { text: 'Why?', image, type: 'image_single_list' });
    expect(updated.questions[0]).toMatchObject({ text: 'Why?', image, type: 'image_single_list' });
    expect(updated.questions[0]?.answers).toEqual(quiz.questions[0]?.answers);
    expect(quiz.questions[0]?.text).toBe('Q1');
  });

  it('patches the description alone', () => {
    const { quiz, q } = buildQuiz({ questions: [{}] });
    const described = updateQuestion(quiz, q[0] ?? 0, { description: '<p><strong>Be honest.</strong></p>' });
    expect(described.questions[0]).toEqual({
      ...quiz.questions[0],
      description: '<p><strong>Be honest.</strong></p>',
    });
    expect(quizSchema.parse(described).questions[0]?.description).toBe('<p><strong>Be honest.</strong></p>');
  });

  it('normalises the rule: targets, end id, no follow_question, no jump to a missing question', () => {
    const { quiz, q } = buildQuiz({ questions: [{}, {}] });
    const id = q[0] ?? 0;
    const jump = updateQuestion(quiz, id, {
      next: { defaultBehaviour: 'follow_question', behaviour: 'specific_question', target: q[1] ?? 0 },
    });
    expect(jump.questions[0]?.next).toEqual({
      defaultBehaviour: 'next_in_list',
      behaviour: 'specific_question',
      target: q[1],
    });
    const end = updateQuestion(quiz, id, {
      next: { defaultBehaviour: 'next_in_list', behaviour: 'end_quiz', target: null },
    });
    expect(end.questions[0]?.next.target).toBe(END_QUIZ_TARGET);
    const follow = updateQuestion(quiz, id, {
      next: { defaultBehaviour: 'next_in_list', behaviour: 'follow_question', target: 3 },
    });
    expect(follow.questions[0]?.next).toEqual({
      defaultBehaviour: 'next_in_list',
      behaviour: 'next_in_list',
      target: null,
    });
    const missing = updateQuestion(quiz, id, {
      next: { defaultBehaviour: 'next_in_list', behaviour: 'specific_question', target: 999 },
    });
    expect(missing.questions[0]?.next.behaviour).toBe('next_in_list');
  });

  it('returns the same quiz for an unknown id', () => {
    const { quiz } = buildQuiz({ questions: [{}] });
    expect(updateQuestion(quiz, 999, { text: 'x' })).toBe(quiz);
  });
});

describe('updateQuestion with the settings of each type', () => {
  it('keeps selection bounds whole numbers from 1 to 50 or none, and stores a minimum above the maximum as typed', () => {
    const { quiz, q } = buildQuiz({ questions: [{ answers: [{}, {}] }] });
    const id = q[0] ?? 0;
    const multi = updateQuestion(quiz, id, { type: 'multi_list', selection: { min: 0.4, max: 80 } });
    expect(multi.questions[0]).toMatchObject({ type: 'multi_list', selection: { min: 1, max: 50 } });
    const reversed = updateQuestion(multi, id, { selection: { min: 3, max: 2 } }).questions[0];
    expect(reversed?.selection).toEqual({ min: 3, max: 2 });
    expect(reversed && questionProblems(reversed)).toEqual([
      { path: ['selection', 'min'], message: SELECTION_ORDER_MESSAGE },
    ]);
    expect(
      updateQuestion(multi, id, { selection: { min: null, max: Number.NaN } }).questions[0]?.selection,
    ).toEqual({
      min: null,
      max: null,
    });
  });

  it('keeps number settings within their limits; a step not above 0 keeps the previous one', () => {
    const { quiz, q } = buildQuiz({ questions: [{}] });
    const id = q[0] ?? 0;
    const typed = updateQuestion(quiz, id, {
      type: 'number_input',
      number: { min: -5e12, max: 5e12, step: 0, unit: 'x'.repeat(30), display: 'slider' },
    });
    expect(typed.questions[0]?.number).toEqual({
      min: -NUMBER_INPUT_LIMIT,
      max: NUMBER_INPUT_LIMIT,
      step: 1,
      unit: 'x'.repeat(20),
      display: 'slider',
    });
    const stepped = updateQuestion(typed, id, {
      number: { min: 0, max: 10, step: 0.5, unit: 'kg', display: 'field' },
    });
    expect(stepped.questions[0]?.number?.step).toBe(0.5);
    const negative = updateQuestion(stepped, id, {
      number: { min: 0, max: 10, step: -2, unit: 'kg', display: 'field' },
    });
    expect(negative.questions[0]?.number?.step).toBe(0.5);
    expect(() => quizSchema.parse(negative)).not.toThrow();
  });

  it('gives a question switched to a rating one range per value, and refits them when the scale changes', () => {
    const { quiz, q } = buildQuiz({ questions: [{ answers: [{}] }] });
    const id = q[0] ?? 0;
    const rated = updateQuestion(quiz, id, { type: 'rating' });
    const ranges = rated.questions[0]?.ranges ?? [];
    expect(ranges.map(({ from, to, points }) => [from, to, points])).toEqual([
      [1, 1, 1],
      [2, 2, 2],
      [3, 3, 3],
      [4, 4, 4],
      [5, 5, 5],
    ]);
    expect(rated.questions[0]?.answers).toEqual(quiz.questions[0]?.answers);
    expect(ranges[0]?.next).toEqual({
      defaultBehaviour: 'follow_question',
      behaviour: 'follow_question',
      target: null,
    });

    const edited = updateQuestion(rated, id, {
      ranges: ranges.map((range) => (range.from === 2 ? { ...range, points: 9 } : range)),
    });
    const nps = updateQuestion(edited, id, {
      rating: { kind: 'zero_to_ten', lowLabel: 'No', highLabel: 'Yes' },
    });
    const npsRanges = nps.questions[0]?.ranges ?? [];
    expect(npsRanges).toHaveLength(11);
    expect(npsRanges.map((range) => range.points)).toEqual([0, 1, 9, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(nps.questions[0]?.rating).toEqual({ kind: 'zero_to_ten', lowLabel: 'No', highLabel: 'Yes' });
    // Labels alone leave the ranges; a question that is no rating keeps its ranges as they are.
    const relabelled = updateQuestion(nps, id, {
      rating: { kind: 'zero_to_ten', lowLabel: 'Never', highLabel: 'Yes' },
    });
    expect(relabelled.questions[0]?.ranges).toBe(npsRanges);
    const asNumber = updateQuestion(relabelled, id, { type: 'number_input' });
    expect(asNumber.questions[0]?.ranges).toBe(npsRanges);
    expect(updateQuestion(asNumber, id, { type: 'rating' }).questions[0]?.ranges).toBe(npsRanges);
    expect(() => quizSchema.parse(nps)).not.toThrow();
  });

  it('normalises ranges like answers: points, links, weights and rules; a reversed range stays for the editor to show', () => {
    const { quiz, q, o } = buildQuiz({ type: 'general', questions: [{}, {}], outcomes: ['A', 'B'] });
    const id = q[0] ?? 0;
    const range: ValueRange = {
      from: 10,
      to: 2,
      points: 14,
      outcome: 999,
      outcomeWeight: 9,
      extraOutcomes: [
        { outcome: o[0] ?? 0, weight: 0 },
        { outcome: 998, weight: 2 },
        { outcome: o[1] ?? 0, weight: 3 },
      ],
      next: { defaultBehaviour: 'next_in_list', behaviour: 'specific_question', target: 4242 },
    };
    const updated = updateQuestion(quiz, id, { type: 'number_input', ranges: [range] }).questions[0];
    expect(updated?.ranges).toEqual([
      {
        from: 10,
        to: 2,
        points: 10,
        outcome: null,
        outcomeWeight: 5,
        extraOutcomes: [
          { outcome: o[0], weight: 1 },
          { outcome: o[1], weight: 3 },
        ],
        next: { defaultBehaviour: 'follow_question', behaviour: 'follow_question', target: null },
      },
    ]);
    expect(updated && questionProblems(updated)).toEqual([
      { path: ['ranges', 0, 'to'], message: RANGE_ORDER_MESSAGE },
    ]);
  });

  it('sets text answer options and a category only when it exists', () => {
    const { quiz: built, q } = buildQuiz({ questions: [{}] });
    const { quiz, categoryId } = addCategory(built, 'Strategy');
    const id = q[0] ?? 0;
    const text = updateQuestion(quiz, id, {
      type: 'text_input',
      multiline: true,
      optional: true,
      category: categoryId,
    });
    expect(text.questions[0]).toMatchObject({ multiline: true, optional: true, category: categoryId });
    expect(updateQuestion(text, id, { category: 777 }).questions[0]?.category).toBeNull();
    expect(updateQuestion(text, id, { category: null }).questions[0]?.category).toBeNull();
    expect(() => quizSchema.parse(text)).not.toThrow();
  });
});
