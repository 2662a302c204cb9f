import { quizSchema } from '@quizbeam/contracts/quiz';
import { MAX_ANSWERS_PER_QUESTION, MAX_POINTS } from '@quizbeam/contracts/quizConstants';
import { describe, expect, it } from 'vitest';
import { addAnswer, clampPoints, moveAnswer, removeAnswer, updateAnswer } from './answers';
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
