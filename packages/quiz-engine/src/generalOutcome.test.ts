import { describe, expect, it } from 'vitest';
import { mostAnsweredOutcome } from './generalOutcome';
import { moveOutcome } from './outcomes';
import { buildQuiz } from './testing/quizzes';

describe('mostAnsweredOutcome', () => {
  const { quiz, a, o } = buildQuiz({
    type: 'general',
    outcomes: ['A', 'B', 'C'],
    questions: [
      { answers: [{ outcome: 0 }, { outcome: 1 }, {}] },
      { answers: [{ outcome: 1 }, { outcome: 2 }, {}] },
      { answers: [{ outcome: 1 }, { outcome: 2 }, {}] },
    ],
  });
  const pick = (...choices: [number, number][]) =>
    choices.map(([question, answer]) => a[question]?.[answer] ?? 0);

  it('picks the outcome linked by the most chosen answers', () => {
    expect(mostAnsweredOutcome(quiz, pick([0, 0], [1, 1], [2, 1]))?.id).toBe(o[2]);
    expect(mostAnsweredOutcome(quiz, pick([0, 1], [1, 0], [2, 2]))?.id).toBe(o[1]);
  });

  it('breaks ties by the lowest outcome rank', () => {
    const answers = pick([0, 0], [1, 1], [2, 2]);
    expect(mostAnsweredOutcome(quiz, answers)?.id).toBe(o[0]);
    expect(mostAnsweredOutcome(moveOutcome(quiz, o[2] ?? 0, 0), answers)?.id).toBe(o[2]);
  });

  it('counts each answer once and ignores unknown ids', () => {
    expect(mostAnsweredOutcome(quiz, pick([0, 1], [1, 1], [1, 1], [1, 1]).concat([999]))?.id).toBe(o[1]);
  });

  it('falls back to the first outcome by rank, or null without outcomes', () => {
    expect(mostAnsweredOutcome(quiz, pick([0, 2], [1, 2]))?.id).toBe(o[0]);
    expect(mostAnsweredOutcome(quiz, [])?.id).toBe(o[0]);
    expect(mostAnsweredOutcome(moveOutcome(quiz, o[1] ?? 0, 0), [])?.id).toBe(o[1]);
    expect(mostAnsweredOutcome({ ...quiz, outcomes: [] }, pick([0, 0]))).toBeNull();
  });
});
