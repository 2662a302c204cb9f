import { quizSchema } from '@quizbeam/contracts/quiz';
import {
  MAX_ANSWERS_PER_QUESTION,
  MAX_DROPDOWN_OPTIONS,
  MAX_POINTS,
} from '@quizbeam/contracts/quizConstants';
import { describe, expect, it } from 'vitest';
import {
  addAnswer,
  addAnswers,
  clampPoints,
  clampWeight,
  moveAnswer,
  removeAnswer,
  removeOutcomeLinks,
  updateAnswer,
} from './answers';
import { answerDefaultRule } from './newQuiz';
import { updateQuestion } from './questions';
import { buildQuiz } from './testing/quizzes';

describe('addAnswer', () => {
  it('appends an empty answer with the next id', () => {
    const { quiz, q } = buildQuiz({ questions: [{}, {}] });
    const { quiz: updated, answerId } = addAnswer(quiz, q[1] ?? 0);
    expect(answerId).toBe(quiz.nextId);
    expect(updated.nextId).toBe(quiz.nextId + 1);
    expect(updated.questions[1]?.answers).toEqual([
      {
        id: answerId,
        text: '',
        image: null,
        imageCaption: '',
        points: 0,
        outcome: null,
        next: { defaultBehaviour: 'follow_question', behaviour: 'follow_question', target: null },
      },
    ]);
    expect(quiz.questions[1]?.answers).toEqual([]);
    expect(() => quizSchema.parse(updated)).not.toThrow();
  });

  it('throws for an unknown question or a full one', () => {
    const { quiz, q } = buildQuiz({
      questions: [{ answers: Array.from({ length: MAX_ANSWERS_PER_QUESTION }, () => ({})) }],
    });
    expect(() => addAnswer(quiz, 999)).toThrow(/does not exist/);
    expect(() => addAnswer(quiz, q[0] ?? 0)).toThrow(/at most 50/);
  });
});

describe('addAnswers', () => {
  it('fills a dropdown up to its cap of 500 and says how many went in', () => {
    const { quiz: built, q } = buildQuiz({ questions: [{ answers: [{}, {}] }] });
    const id = q[0] ?? 0;
    const quiz = updateQuestion(built, id, { type: 'dropdown' });
    const texts = Array.from({ length: 600 }, (_, index) => `Option ${index + 1}`);
    const { quiz: filled, added } = addAnswers(quiz, id, texts);
    expect(added).toBe(MAX_DROPDOWN_OPTIONS - 2);
    const answers = filled.questions[0]?.answers ?? [];
    expect(answers).toHaveLength(MAX_DROPDOWN_OPTIONS);
    expect(answers[2]).toMatchObject({ id: quiz.nextId, text: 'Option 1', points: 0, outcome: null });
    expect(answers.at(-1)?.text).toBe(`Option ${MAX_DROPDOWN_OPTIONS - 2}`);
    expect(filled.nextId).toBe(quiz.nextId + added);
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(MAX_DROPDOWN_OPTIONS);
    expect(() => quizSchema.parse(filled)).not.toThrow();
    expect(addAnswers(filled, id, ['More'])).toEqual({ quiz: filled, added: 0 });
    expect(() => addAnswer(filled, id)).toThrow(/at most 500/);
  });

  it('keeps other types to 50 answers', () => {
    const { quiz, q } = buildQuiz({ questions: [{ answers: [{}] }] });
    const { added } = addAnswers(
      quiz,
      q[0] ?? 0,
      Array.from({ length: 60 }, () => 'x'),
    );
    expect(added).toBe(MAX_ANSWERS_PER_QUESTION - 1);
    expect(addAnswers(quiz, 999, ['x'])).toEqual({ quiz, added: 0 });
  });
});

describe('removeAnswer and moveAnswer', () => {
  it('removes one answer', () => {
    const { quiz, q, a } = buildQuiz({ questions: [{ answers: [{}, {}, {}] }] });
    const result = removeAnswer(quiz, q[0] ?? 0, a[0]?.[1] ?? 0);
    expect(result.questions[0]?.answers.map((answer) => answer.id)).toEqual([a[0]?.[0], a[0]?.[2]]);
    expect(removeAnswer(quiz, q[0] ?? 0, 999)).toBe(quiz);
    expect(removeAnswer(quiz, 999, a[0]?.[0] ?? 0)).toBe(quiz);
  });

  it('moves an answer within its question', () => {
    const { quiz, q, a } = buildQuiz({ questions: [{ answers: [{}, {}, {}] }] });
    const [x, y, z] = a[0] ?? [];
    expect(moveAnswer(quiz, q[0] ?? 0, z ?? 0, 0).questions[0]?.answers.map((answer) => answer.id)).toEqual([
      z,
      x,
      y,
    ]);
    expect(moveAnswer(quiz, q[0] ?? 0, x ?? 0, 5).questions[0]?.answers.map((answer) => answer.id)).toEqual([
      y,
      z,
      x,
    ]);
    expect(moveAnswer(quiz, q[0] ?? 0, 999, 0)).toBe(quiz);
  });
});

describe('updateAnswer', () => {
  it('clamps points to whole numbers from 0 to MAX_POINTS', () => {
    expect(clampPoints(-3)).toBe(0);
    expect(clampPoints(15)).toBe(MAX_POINTS);
    expect(clampPoints(2.6)).toBe(3);
    expect(clampPoints(Number.NaN)).toBe(0);
    expect(clampPoints(Number.POSITIVE_INFINITY)).toBe(MAX_POINTS);
    const { quiz, q, a } = buildQuiz({ questions: [{ answers: [{}] }] });
    const updated = updateAnswer(quiz, q[0] ?? 0, a[0]?.[0] ?? 0, {
      points: 42,
      text: 'Yes',
      imageCaption: 'c',
    });
    expect(updated.questions[0]?.answers[0]).toMatchObject({ points: 10, text: 'Yes', imageCaption: 'c' });
  });

  it('links existing outcomes only', () => {
    const { quiz, q, a, o } = buildQuiz({ type: 'general', questions: [{ answers: [{}] }], outcomes: ['A'] });
    const linked = updateAnswer(quiz, q[0] ?? 0, a[0]?.[0] ?? 0, { outcome: o[0] ?? 0 });
    expect(linked.questions[0]?.answers[0]?.outcome).toBe(o[0]);
    expect(
      updateAnswer(linked, q[0] ?? 0, a[0]?.[0] ?? 0, { outcome: 999 }).questions[0]?.answers[0]?.outcome,
    ).toBe(null);
    expect(
      updateAnswer(linked, q[0] ?? 0, a[0]?.[0] ?? 0, { outcome: null }).questions[0]?.answers[0]?.outcome,
    ).toBe(null);
  });

  it('weighs links from 1 to 5 and keeps at most two extra links, to existing outcomes only', () => {
    expect([0, 2.4, 9, Number.NaN].map(clampWeight)).toEqual([1, 2, 5, 1]);
    const { quiz, q, a, o } = buildQuiz({
      type: 'general',
      questions: [{ answers: [{}] }],
      outcomes: ['A', 'B', 'C'],
    });
    const [first, second, third] = o;
    const updated = updateAnswer(quiz, q[0] ?? 0, a[0]?.[0] ?? 0, {
      outcome: first ?? 0,
      outcomeWeight: 7,
      extraOutcomes: [
        { outcome: 999, weight: 2 },
        { outcome: second ?? 0, weight: 3 },
        { outcome: third ?? 0, weight: 0 },
        { outcome: first ?? 0, weight: 1 },
      ],
    });
    expect(updated.questions[0]?.answers[0]).toMatchObject({
      outcome: first,
      outcomeWeight: 5,
      extraOutcomes: [
        { outcome: second, weight: 3 },
        { outcome: third, weight: 1 },
      ],
    });
    expect(() => quizSchema.parse(updated)).not.toThrow();

    // Removing an outcome's links clears the first link and drops extra ones, on answers and ranges alike.
    const ranged = updateQuestion(updated, q[0] ?? 0, {
      type: 'number_input',
      ranges: [
        {
          from: 0,
          to: 5,
          points: 0,
          outcome: second ?? 0,
          extraOutcomes: [{ outcome: third ?? 0, weight: 2 }],
          next: answerDefaultRule(),
        },
      ],
    });
    const unlinked = removeOutcomeLinks(ranged, third ?? 0);
    expect(unlinked.questions[0]?.answers[0]?.extraOutcomes).toEqual([{ outcome: second, weight: 3 }]);
    expect(unlinked.questions[0]?.ranges?.[0]).toMatchObject({ outcome: second, extraOutcomes: [] });
    expect(removeOutcomeLinks(unlinked, second ?? 0).questions[0]?.ranges?.[0]?.outcome).toBeNull();
    const firstGone = removeOutcomeLinks(unlinked, first ?? 0).questions[0]?.answers[0];
    expect(firstGone?.outcome).toBeNull();
    expect(firstGone?.outcomeWeight).toBeUndefined();
    expect(removeOutcomeLinks(unlinked, 12345)).toBe(unlinked);
  });

  it('normalises the rule and falls back to follow_question for a missing target', () => {
    const { quiz, q, a } = buildQuiz({ questions: [{ answers: [{}] }, {}] });
    const qid = q[0] ?? 0;
    const aid = a[0]?.[0] ?? 0;
    const jump = updateAnswer(quiz, qid, aid, {
      next: { defaultBehaviour: 'next_in_list', behaviour: 'specific_question', target: q[1] ?? 0 },
    });
    expect(jump.questions[0]?.answers[0]?.next).toEqual({
      defaultBehaviour: 'follow_question',
      behaviour: 'specific_question',
      target: q[1],
    });
    const missing = updateAnswer(quiz, qid, aid, {
      next: { defaultBehaviour: 'follow_question', behaviour: 'specific_question', target: 999 },
    });
    expect(missing.questions[0]?.answers[0]?.next.behaviour).toBe('follow_question');
    const end = updateAnswer(quiz, qid, aid, {
      next: { defaultBehaviour: 'follow_question', behaviour: 'end_quiz', target: null },
    });
    expect(end.questions[0]?.answers[0]?.next.target).toBe(-1);
  });

  it('returns the same quiz for unknown ids and never mutates', () => {
    const { quiz, q, a } = buildQuiz({ questions: [{ answers: [{}] }] });
    const snapshot = structuredClone(quiz);
    expect(updateAnswer(quiz, q[0] ?? 0, 999, { text: 'x' })).toBe(quiz);
    expect(updateAnswer(quiz, 999, a[0]?.[0] ?? 0, { text: 'x' })).toBe(quiz);
    updateAnswer(quiz, q[0] ?? 0, a[0]?.[0] ?? 0, { text: 'changed' });
    expect(quiz).toEqual(snapshot);
  });
});
