import { quizSchema } from '@quizbeam/contracts/quiz';
import { MAX_OUTCOME_DESCRIPTIONS, MAX_OUTCOMES } from '@quizbeam/contracts/quizConstants';
import { describe, expect, it } from 'vitest';
import { defaultOutcomeLeadCaptureSettings, newQuiz } from './newQuiz';
import {
  addAlternateDescription,
  addOutcome,
  moveOutcome,
  normaliseScoreRange,
  removeDescription,
  removeOutcome,
  updateDescription,
  updateOutcome,
} from './outcomes';
import { buildQuiz } from './testing/quizzes';

describe('addOutcome', () => {
  it('appends an empty text outcome with the next id and rank', () => {
    const quiz = newQuiz({ id: 'x', name: 'X', type: 'general' });
    const first = addOutcome(quiz);
    const second = addOutcome(first.quiz);
    expect(second.outcomeId).toBe(2);
    expect(second.quiz.outcomes[1]).toEqual({
      id: 2,
      rank: 2,
      name: '',
      type: 'text',
      redirect: '',
      descriptions: [''],
      image: null,
      enableSocialSharing: false,
      enableCta: false,
      ctaButtonText: '',
      ctaUrl: '',
      scoreRange: { from: null, to: null },
      leadCaptureSettings: defaultOutcomeLeadCaptureSettings(),
    });
    expect(() => quizSchema.parse(second.quiz)).not.toThrow();
  });

  it('refuses more than MAX_OUTCOMES outcomes', () => {
    let quiz = newQuiz({ id: 'x', name: 'X', type: 'general' });
    for (let index = 0; index < MAX_OUTCOMES; index++) quiz = addOutcome(quiz).quiz;
    expect(() => addOutcome(quiz)).toThrow(/at most 200/);
  });
});

describe('removeOutcome', () => {
  it('renumbers and clears the answers linked to it, keeping other links', () => {
    const { quiz, o } = buildQuiz({
      type: 'general',
      outcomes: ['A', 'B', 'C'],
      questions: [{ answers: [{ outcome: 0 }, { outcome: 1 }] }, { answers: [{ outcome: 0 }] }],
    });
    const result = removeOutcome(quiz, o[0] ?? 0);
    expect(result.outcomes.map((outcome) => [outcome.id, outcome.rank])).toEqual([
      [o[1], 1],
      [o[2], 2],
    ]);
    expect(result.questions.flatMap((question) => question.answers.map((answer) => answer.outcome))).toEqual([
      null,
      o[1],
      null,
    ]);
    expect(quiz.questions[0]?.answers[0]?.outcome).toBe(o[0]);
    expect(removeOutcome(quiz, 999)).toBe(quiz);
  });
});

describe('moveOutcome', () => {
  it('moves and renumbers', () => {
    const { quiz, o } = buildQuiz({ outcomes: ['A', 'B', 'C'] });
    const moved = moveOutcome(quiz, o[2] ?? 0, 0);
    expect(moved.outcomes.map((outcome) => [outcome.id, outcome.rank])).toEqual([
      [o[2], 1],
      [o[0], 2],
      [o[1], 3],
    ]);
    expect(moveOutcome(quiz, 999, 0)).toBe(quiz);
  });
});

describe('updateOutcome', () => {
  it('patches fields but never id or rank', () => {
    const { quiz, o } = buildQuiz({ outcomes: ['A'] });
    const patch = {
      name: 'Winner',
      type: 'redirect',
      redirect: 'https://x.test',
      id: 5,
      rank: 9,
    } as Parameters<typeof updateOutcome>[2];
    const updated = updateOutcome(quiz, o[0] ?? 0, patch);
    expect(updated.outcomes[0]).toMatchObject({ id: o[0], rank: 1, name: 'Winner', type: 'redirect' });
    expect(updateOutcome(quiz, 999, { name: 'x' })).toBe(quiz);
  });

  it('keeps 1..3 descriptions', () => {
    const { quiz, o } = buildQuiz({ outcomes: ['A'] });
    const id = o[0] ?? 0;
    expect(updateOutcome(quiz, id, { descriptions: [] }).outcomes[0]?.descriptions).toEqual(['']);
    expect(updateOutcome(quiz, id, { descriptions: ['1', '2', '3', '4'] }).outcomes[0]?.descriptions).toEqual(
      ['1', '2', '3'],
    );
  });

  it('keeps each bound of the score interval a whole number of at least 0', () => {
    expect(normaliseScoreRange({ from: null, to: null }, { from: -2, to: 3.4 })).toEqual({ from: 0, to: 3 });
    expect(normaliseScoreRange({ from: 4, to: 5 }, { to: null })).toEqual({ from: 4, to: null });
    expect(normaliseScoreRange({ from: 4, to: 5 }, { from: Number.NaN })).toEqual({ from: null, to: 5 });
  });

  it('never moves the other bound of the score interval, even when the interval ends before it starts', () => {
    // Typing "10" into To while From is 6: the "1" on the way leaves From alone.
    let range = normaliseScoreRange({ from: 6, to: null }, { to: 1 });
    expect(range).toEqual({ from: 6, to: 1 });
    range = normaliseScoreRange(range, { to: 10 });
    expect(range).toEqual({ from: 6, to: 10 });
    // Typing From 7 while To is 2 leaves To at 2.
    expect(normaliseScoreRange({ from: 0, to: 2 }, { from: 7 })).toEqual({ from: 7, to: 2 });
    const { quiz, o } = buildQuiz({ outcomes: [{ from: 2, to: 5 }] });
    const updated = updateOutcome(quiz, o[0] ?? 0, { scoreRange: { from: 9, to: 5 } });
    expect(updated.outcomes[0]?.scoreRange).toEqual({ from: 9, to: 5 });
    // Saved as typed: Publish lists it (see incompleteItems).
    expect(() => quizSchema.parse(updated)).not.toThrow();
  });
});

describe('descriptions', () => {
  it('adds alternates up to MAX_OUTCOME_DESCRIPTIONS', () => {
    const { quiz, o } = buildQuiz({ outcomes: ['A'] });
    const id = o[0] ?? 0;
    let current = quiz;
    for (let index = 0; index < 5; index++) current = addAlternateDescription(current, id);
    expect(current.outcomes[0]?.descriptions).toHaveLength(MAX_OUTCOME_DESCRIPTIONS);
    expect(addAlternateDescription(current, id)).toBe(current);
  });

  it('updates a description by index and ignores indexes outside the list', () => {
    const { quiz, o } = buildQuiz({ outcomes: ['A'] });
    const id = o[0] ?? 0;
    const two = addAlternateDescription(quiz, id);
    expect(updateDescription(two, id, 1, 'Alt').outcomes[0]?.descriptions).toEqual(['', 'Alt']);
    expect(updateDescription(two, id, 2, 'x')).toBe(two);
    expect(updateDescription(two, id, -1, 'x')).toBe(two);
  });

  it('removes a description but never the last one', () => {
    const { quiz, o } = buildQuiz({ outcomes: ['A'] });
    const id = o[0] ?? 0;
    const two = updateDescription(addAlternateDescription(quiz, id), id, 1, 'Alt');
    expect(removeDescription(two, id, 0).outcomes[0]?.descriptions).toEqual(['Alt']);
    const one = removeDescription(two, id, 1);
    expect(one.outcomes[0]?.descriptions).toEqual(['']);
    expect(removeDescription(one, id, 0)).toBe(one);
    expect(removeDescription(two, id, 5)).toBe(two);
  });

  it('takes a removed outcome out of extra links and value ranges too, so the quiz stays valid', () => {
    const { quiz, o, q } = buildQuiz({
      type: 'general',
      questions: [{ answers: [{ outcome: 0 }] }, {}],
      outcomes: ['A', 'B'],
    });
    const [a = 0, b = 0] = o;
    const [choice, rating] = quiz.questions;
    if (!choice || !rating) throw new Error('no questions');
    const linked = {
      ...quiz,
      questions: [
        {
          ...choice,
          answers: choice.answers.map((answer) => ({
            ...answer,
            extraOutcomes: [{ outcome: b, weight: 2 }],
          })),
        },
        {
          ...rating,
          type: 'rating' as const,
          ranges: [{ from: 1, to: 5, points: 0, outcome: b, next: rating.next }],
        },
      ],
    };
    const removed = removeOutcome(linked, b);
    expect(removed.questions[0]?.answers[0]).toMatchObject({ outcome: a, extraOutcomes: [] });
    expect(removed.questions[1]?.ranges?.[0]?.outcome).toBeNull();
    expect(quizSchema.safeParse(removed).success).toBe(true);
    expect(q).toHaveLength(2);
  });
});
