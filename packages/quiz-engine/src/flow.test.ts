import { describe, expect, it } from 'vitest';
import { firstQuestionId, nextStep, pathQuestionIds } from './flow';
import { moveQuestion } from './questions';
import { buildQuiz } from './testing/quizzes';

describe('firstQuestionId', () => {
  it('is the lowest rank, or null without questions', () => {
    const { quiz, q } = buildQuiz({ questions: [{}, {}] });
    expect(firstQuestionId(quiz)).toBe(q[0]);
    expect(firstQuestionId(moveQuestion(quiz, q[1] ?? 0, 0))).toBe(q[1]);
    expect(firstQuestionId(buildQuiz({}).quiz)).toBeNull();
    const shuffled = { ...quiz, questions: [...quiz.questions].reverse() };
    expect(firstQuestionId(shuffled)).toBe(q[0]);
  });
});

describe('nextStep', () => {
  const { quiz, q, a } = buildQuiz({
    questions: [
      { answers: [{}, { to: 'next' }, { to: 2 }, { to: 'end' }, { to: 9 }] },
      { to: 'end', answers: [{}, { to: 'next' }, { to: 0 }] },
      { to: 0, answers: [{}, { to: 'next' }] },
    ],
  });
  const step = (question: number, answer: number, visited?: number[]) =>
    nextStep(quiz, q[question] ?? 0, a[question]?.[answer] ?? 0, visited);
  const to = (index: number) => ({ kind: 'question', questionId: q[index] });
  const end = { kind: 'end' };

  it('follow_question uses the question rule', () => {
    expect(step(0, 0)).toEqual(to(1));
    expect(step(1, 0)).toEqual(end);
    expect(step(2, 0)).toEqual(to(0));
  });

  it('next_in_list goes to the next question by rank, or the end after the last', () => {
    expect(step(0, 1)).toEqual(to(1));
    expect(step(1, 1)).toEqual(to(2));
    expect(step(2, 1)).toEqual(end);
  });

  it('specific_question goes to its target, forwards or backwards; a missing target ends', () => {
    expect(step(0, 2)).toEqual(to(2));
    expect(step(1, 2)).toEqual(to(0));
    expect(step(0, 4)).toEqual(end);
  });

  it('end_quiz ends', () => {
    expect(step(0, 3)).toEqual(end);
  });

  it('ends instead of revisiting an answered question', () => {
    expect(step(1, 2, [q[0] ?? 0, q[1] ?? 0])).toEqual(end);
    expect(step(2, 0, [q[0] ?? 0, q[2] ?? 0])).toEqual(end);
    expect(step(1, 2, [q[1] ?? 0])).toEqual(to(0));
  });

  it('an unknown question ends; an unknown answer follows the question', () => {
    expect(nextStep(quiz, 999, 1)).toEqual(end);
    expect(nextStep(quiz, q[0] ?? 0, 999)).toEqual(to(1));
  });

  it('uses ranks, not list positions', () => {
    const reordered = moveQuestion(quiz, q[2] ?? 0, 0);
    expect(nextStep(reordered, q[2] ?? 0, a[2]?.[1] ?? 0)).toEqual(to(0));
    expect(nextStep(reordered, q[1] ?? 0, a[1]?.[1] ?? 0)).toEqual(end);
  });
});

describe('pathQuestionIds', () => {
  const { quiz, q, a } = buildQuiz({
    questions: [{ answers: [{}, { to: 2 }] }, { answers: [{ to: 0 }] }, { answers: [{}, { to: 'end' }] }],
  });
  const [q0, q1, q2] = q;

  it('lists the questions shown, ending with the one awaiting an answer', () => {
    expect(pathQuestionIds(quiz, [])).toEqual([q0]);
    expect(pathQuestionIds(quiz, [a[0]?.[0] ?? 0])).toEqual([q0, q1]);
    expect(pathQuestionIds(quiz, [a[0]?.[1] ?? 0])).toEqual([q0, q2]);
    expect(pathQuestionIds(quiz, [a[0]?.[1] ?? 0, a[2]?.[1] ?? 0])).toEqual([q0, q2]);
  });

  it('stops at a revisit or at an answer of another question', () => {
    expect(pathQuestionIds(quiz, [a[0]?.[0] ?? 0, a[1]?.[0] ?? 0])).toEqual([q0, q1]);
    expect(pathQuestionIds(quiz, [a[2]?.[0] ?? 0])).toEqual([q0]);
    expect(pathQuestionIds(buildQuiz({}).quiz, [1])).toEqual([]);
  });
});
