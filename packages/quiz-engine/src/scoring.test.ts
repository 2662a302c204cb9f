import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moveOutcome } from './outcomes';
import {
  achievableScores,
  analyseScores,
  maxScore,
  scoredOutcome,
  substituteScore,
  totalPoints,
} from './scoring';
import { type AnswerSpec, bruteForceScores, buildQuiz, type QuestionSpec, type To } from './testFixtures';

describe('totalPoints', () => {
  it('adds the points of the chosen answers, each once, ignoring unknown ids', () => {
    const { quiz, a } = buildQuiz({
      questions: [{ answers: [{ points: 3 }, { points: 0 }] }, { answers: [{ points: 10 }] }],
    });
    expect(totalPoints(quiz, [a[0]?.[0] ?? 0, a[1]?.[0] ?? 0])).toBe(13);
    expect(totalPoints(quiz, [a[0]?.[0] ?? 0, a[0]?.[0] ?? 0, 999])).toBe(3);
    expect(totalPoints(quiz, [])).toBe(0);
  });
});

describe('maxScore', () => {
  it('is 0 without questions and adds the best answer of each question in a straight flow', () => {
    expect(maxScore(buildQuiz({}).quiz)).toBe(0);
    const { quiz } = buildQuiz({
      questions: [{ answers: [{ points: 1 }, { points: 4 }] }, { answers: [{ points: 2 }] }, {}],
    });
    expect(maxScore(quiz)).toBe(6);
    expect(achievableScores(quiz)).toEqual([3, 6]);
  });

  it('takes the best branch when answers skip questions or end early', () => {
    const { quiz } = buildQuiz({
      questions: [
        { answers: [{ points: 10, to: 'end' }, { points: 1, to: 2 }, { points: 0 }] },
        { answers: [{ points: 8 }] },
        { answers: [{ points: 5 }] },
      ],
    });
    // 10 (end) | 1 + 5 | 0 + 8 + 5
    expect(maxScore(quiz)).toBe(13);
    expect(achievableScores(quiz)).toEqual([6, 10, 13]);
  });

  it('handles a backwards specific_question (a cycle): revisiting ends the quiz', () => {
    const { quiz } = buildQuiz({
      questions: [
        { answers: [{ points: 2 }, { points: 0, to: 2 }] },
        { answers: [{ points: 3, to: 'end' }] },
        {
          answers: [
            { points: 4, to: 1 },
            { points: 1, to: 0 },
          ],
        },
      ],
    });
    // q0(2) -> q1(3) end = 5; q0(0) -> q2(4) -> q1(3) = 7; q0(0) -> q2(1) -> q0 revisited: end = 1
    expect(maxScore(quiz)).toBe(7);
    expect(achievableScores(quiz)).toEqual([1, 5, 7]);
  });

  it('handles self-loops and a question whose rule jumps back to the start', () => {
    const { quiz } = buildQuiz({
      questions: [
        { to: 'next', answers: [{ points: 1, to: 0 }, { points: 2 }] },
        { to: 0, answers: [{ points: 5 }] },
      ],
    });
    expect(maxScore(quiz)).toBe(7);
    expect(achievableScores(quiz)).toEqual([1, 7]);
  });

  it('matches brute force on random flows with cycles', () => {
    const to = (size: number): fc.Arbitrary<To | undefined> =>
      fc.oneof(
        fc.constant(undefined),
        fc.constant<To>('next'),
        fc.constant<To>('end'),
        fc.constant<To>('follow'),
        fc.integer({ min: 0, max: size }),
      );
    const flow = fc.integer({ min: 1, max: 7 }).chain((size) =>
      fc.array(
        fc.record({
          to: to(size).map((value) => (value === 'follow' ? 'next' : value)),
          answers: fc.array(fc.record({ points: fc.integer({ min: 0, max: 10 }), to: to(size) }), {
            maxLength: 3,
          }),
        }),
        { minLength: size, maxLength: size },
      ),
    );
    fc.assert(
      fc.property(flow, (questions) => {
        const { quiz } = buildQuiz({ questions: questions as QuestionSpec[] });
        const expected = [...bruteForceScores(quiz)].sort((x, y) => x - y);
        const analysis = analyseScores(quiz);
        expect(analysis.exact).toBe(true);
        expect(analysis.achievableScores).toEqual(expected);
        expect(analysis.maxScore).toBe(Math.max(...expected));
      }),
      { numRuns: 300 },
    );
  });

  it('stays fast for 100 questions x 6 answers in a forward flow with skips', () => {
    const questions: QuestionSpec[] = Array.from({ length: 100 }, (_, index) => ({
      answers: Array.from(
        { length: 6 },
        (_, answer): AnswerSpec => ({
          points: (index * 7 + answer * 3) % 11,
          to: answer === 0 ? 'end' : Math.min(99, index + answer),
        }),
      ),
    }));
    const { quiz } = buildQuiz({ questions });
    const started = performance.now();
    const analysis = analyseScores(quiz);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(analysis.exact).toBe(true);
    expect(analysis.maxScore).toBeGreaterThan(0);
  });

  it('stays fast for 100 questions x 6 answers with many backward jumps (exact or an upper bound)', () => {
    const questions: QuestionSpec[] = Array.from({ length: 100 }, (_, index) => ({
      answers: Array.from(
        { length: 6 },
        (_, answer): AnswerSpec => ({
          points: 10,
          to: (index * 37 + answer * 53 + 11) % 100,
        }),
      ),
    }));
    const { quiz } = buildQuiz({ questions });
    const started = performance.now();
    const analysis = analyseScores(quiz);
    expect(performance.now() - started).toBeLessThan(3000);
    // Every question scores 10, so no path can collect more than 1000.
    expect(analysis.maxScore).toBeLessThanOrEqual(1000);
    expect(analysis.maxScore).toBeGreaterThanOrEqual(10);
  });

  it('falls back to a valid upper bound on a complete graph (which is exact there)', () => {
    const size = 30;
    const questions: QuestionSpec[] = Array.from({ length: size }, () => ({
      answers: Array.from({ length: size }, (_, target): AnswerSpec => ({ points: 1, to: target })),
    }));
    const { quiz } = buildQuiz({ questions });
    const analysis = analyseScores(quiz);
    expect(analysis.exact).toBe(false);
    expect(analysis.achievableScores).toBeNull();
    expect(analysis.maxScore).toBe(size);
  });
});

describe('scoredOutcome', () => {
  const { quiz, o } = buildQuiz({
    outcomes: [
      { from: 0, to: 3 },
      { from: 3, to: 6 },
      { from: null, to: 10 },
    ],
  });

  it('finds the outcome whose inclusive interval holds the score', () => {
    expect(scoredOutcome(quiz, 0)?.id).toBe(o[0]);
    expect(scoredOutcome(quiz, 6)?.id).toBe(o[1]);
    expect(scoredOutcome(quiz, 7)).toBeNull();
  });

  it('takes the first by rank when intervals overlap, and skips unfinished intervals', () => {
    expect(scoredOutcome(quiz, 3)?.id).toBe(o[0]);
    expect(scoredOutcome(moveOutcome(quiz, o[1] ?? 0, 0), 3)?.id).toBe(o[1]);
    expect(scoredOutcome(quiz, 9)).toBeNull();
  });
});

describe('substituteScore', () => {
  it('replaces every shortcode', () => {
    expect(substituteScore('[[score]] of [[maxScore]] ([[score]])', 3, 10)).toBe('3 of 10 (3)');
    expect(substituteScore('[[ Score ]]/[[maxscore]]', 1, 2)).toBe('1/2');
    expect(substituteScore('no codes [score]', 1, 2)).toBe('no codes [score]');
  });
});
