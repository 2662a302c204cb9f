import type { Quiz } from '@quizbeam/contracts/quiz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flowIndex, resolveNext } from './flow';
import { moveOutcome } from './outcomes';
import {
  achievableScores,
  analyseScores,
  analyseScoresCounted,
  maxScore,
  SCORE_WORK_BUDGET,
  scoredOutcome,
  substituteScore,
  totalPoints,
} from './scoring';
import {
  type AnswerSpec,
  backJumpingQuiz,
  bruteForceScores,
  buildQuiz,
  type QuestionSpec,
  type To,
} from './testing/quizzes';

const anyRule = (size: number): fc.Arbitrary<To | undefined> =>
  fc.oneof(
    fc.constant(undefined),
    fc.constant<To>('next'),
    fc.constant<To>('end'),
    fc.constant<To>('follow'),
    fc.integer({ min: 0, max: size }),
  );

/** Up to 7 questions of up to 3 answers whose rules may jump anywhere, backwards too. */
const smallFlow = (rule: (size: number, index: number) => fc.Arbitrary<To | undefined> = anyRule) =>
  fc.integer({ min: 1, max: 7 }).chain((size) =>
    fc.tuple(
      ...Array.from({ length: size }, (_, index) =>
        fc.record({
          to: rule(size, index).map((value) => (value === 'follow' ? 'next' : value)),
          answers: fc.array(fc.record({ points: fc.integer({ min: 0, max: 10 }), to: rule(size, index) }), {
            maxLength: 3,
          }),
        }),
      ),
    ),
  );

const edgeCount = (quiz: Quiz) =>
  quiz.questions.reduce((sum, question) => sum + Math.max(1, question.answers.length), 0);

/** The total of one real path (so at most the maximum): the best answer that goes on, else the best one. */
function greedyPathTotal(quiz: Quiz): number {
  const index = flowIndex(quiz);
  const byId = new Map(quiz.questions.map((question) => [question.id, question]));
  const answered = new Set<number>();
  let total = 0;
  let question = byId.get(index.order[0] ?? -1);
  while (question) {
    const asked = question;
    answered.add(asked.id);
    const options = asked.answers.map((answer) => {
      const step = resolveNext(index, asked, answer);
      const goesOn = step.kind === 'question' && !answered.has(step.questionId);
      return { points: answer.points, next: goesOn ? step.questionId : null };
    });
    const goingOn = options.filter((option) => option.next !== null);
    const best = (goingOn.length > 0 ? goingOn : options).sort((a, b) => b.points - a.points)[0];
    total += best?.points ?? 0;
    const next = best?.next ?? null;
    question = next === null ? undefined : byId.get(next);
  }
  return total;
}

const bestAnswersTotal = (quiz: Quiz) =>
  quiz.questions.reduce(
    (sum, question) => sum + Math.max(0, ...question.answers.map((answer) => answer.points)),
    0,
  );

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
    fc.assert(
      fc.property(smallFlow(), (questions) => {
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
    const analysis = analyseScoresCounted(quiz);
    expect(analysis.steps).toBeLessThanOrEqual(SCORE_WORK_BUDGET);
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
    const analysis = analyseScoresCounted(quiz);
    expect(analysis.steps).toBeLessThanOrEqual(SCORE_WORK_BUDGET + 4 * edgeCount(quiz) + 100);
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

describe('analyseScoresCounted: bounded work', () => {
  // Once the budget runs out, the step that crossed it (at most a state key or one wide bitset operation)
  // finishes and the linear upper bound follows.
  const withinBudget = (quiz: Quiz, budget: number) => budget + 4 * edgeCount(quiz) + 100;

  it('gives up on a 280 x 18 back-jumping flow within the budget, with a bound above a real path', () => {
    const quiz = backJumpingQuiz(280, 18, 7);
    const analysis = analyseScoresCounted(quiz);
    expect(analysis.steps).toBeLessThanOrEqual(withinBudget(quiz, SCORE_WORK_BUDGET));
    expect(analysis.exact).toBe(false);
    expect(analysis.achievableScores).toBeNull();
    expect(analysis.maxScore).toBeGreaterThanOrEqual(greedyPathTotal(quiz));
    expect(analysis.maxScore).toBeLessThanOrEqual(bestAnswersTotal(quiz));
    expect(analyseScores(quiz)).toEqual({
      maxScore: analysis.maxScore,
      achievableScores: null,
      exact: false,
    });
  });

  it('stays within the budget on the largest back-jumping flow (500 x 50)', () => {
    const quiz = backJumpingQuiz(500, 50, 11);
    const analysis = analyseScoresCounted(quiz);
    expect(analysis.steps).toBeLessThanOrEqual(withinBudget(quiz, SCORE_WORK_BUDGET));
    expect(analysis.exact).toBe(false);
    expect(analysis.maxScore).toBeGreaterThanOrEqual(greedyPathTotal(quiz));
    expect(analysis.maxScore).toBeLessThanOrEqual(bestAnswersTotal(quiz));
  });

  it('is exact and linear on the largest forward-branching flow (500 x 50), whatever the budget', () => {
    const size = 500;
    const questions = Array.from(
      { length: size },
      (_, index): QuestionSpec => ({
        answers: Array.from(
          { length: 50 },
          (_, answer): AnswerSpec => ({
            points: (index * 7 + answer * 3) % 11,
            to: index + 1 + answer < size ? index + 1 + answer : 'end',
          }),
        ),
      }),
    );
    const { quiz } = buildQuiz({ questions });
    // Longest and shortest totals by plain dynamic programming, from the last question back.
    const most: number[] = [];
    const least: number[] = [];
    for (let index = size - 1; index >= 0; index--) {
      const totals = (questions[index]?.answers ?? []).map((answer) => {
        const next = typeof answer.to === 'number' ? answer.to : null;
        const points = answer.points ?? 0;
        return [
          points + (next === null ? 0 : (most[next] ?? 0)),
          points + (next === null ? 0 : (least[next] ?? 0)),
        ];
      });
      most[index] = Math.max(...totals.map(([high]) => high ?? 0));
      least[index] = Math.min(...totals.map(([, low]) => low ?? 0));
    }
    const analysis = analyseScoresCounted(quiz, 0);
    expect(analysis.exact).toBe(true);
    expect(analysis.maxScore).toBe(most[0]);
    expect(analysis.achievableScores?.[0]).toBe(least[0]);
    expect(analysis.achievableScores?.at(-1)).toBe(most[0]);
    // A few steps per answer plus one per 64-bit word of the bitset it shifts in.
    const words = Math.ceil((analysis.maxScore + 1) / 64);
    expect(analysis.steps).toBeLessThanOrEqual(edgeCount(quiz) * (8 + words));
  });

  it('is exact on random flows without backward jumps even without a budget', () => {
    const forward = (size: number, index: number): fc.Arbitrary<To | undefined> =>
      fc.oneof(
        fc.constant(undefined),
        fc.constant<To>('next'),
        fc.constant<To>('end'),
        fc.integer({ min: index + 1, max: size }),
      );
    fc.assert(
      fc.property(smallFlow(forward), (questions) => {
        const { quiz } = buildQuiz({ questions: questions as QuestionSpec[] });
        const analysis = analyseScoresCounted(quiz, 0);
        expect(analysis.exact).toBe(true);
        expect(analysis.achievableScores).toEqual([...bruteForceScores(quiz)].sort((x, y) => x - y));
      }),
      { numRuns: 200 },
    );
  });

  it('is exact (matching brute force) or a bound no lower than brute force, within any budget', () => {
    fc.assert(
      fc.property(smallFlow(), fc.nat({ max: 300 }), (questions, budget) => {
        const { quiz } = buildQuiz({ questions: questions as QuestionSpec[] });
        const expected = [...bruteForceScores(quiz)].sort((x, y) => x - y);
        const analysis = analyseScoresCounted(quiz, budget);
        if (analysis.exact) {
          expect(analysis.achievableScores).toEqual(expected);
          expect(analysis.maxScore).toBe(Math.max(...expected));
        } else {
          expect(analysis.achievableScores).toBeNull();
          expect(analysis.maxScore).toBeGreaterThanOrEqual(Math.max(...expected));
          expect(analysis.steps).toBeLessThanOrEqual(withinBudget(quiz, budget));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('gives up on a dense cycle where the exact search would not finish, and is exact when given enough', () => {
    const questions = (size: number): QuestionSpec[] =>
      Array.from({ length: size }, () => ({
        answers: Array.from({ length: size }, (_, target): AnswerSpec => ({ points: 1, to: target })),
      }));
    const small = buildQuiz({ questions: questions(6) }).quiz;
    const full = analyseScoresCounted(small);
    expect(full).toMatchObject({ maxScore: 6, exact: true, achievableScores: [1, 2, 3, 4, 5, 6] });
    expect(analyseScoresCounted(small, full.steps)).toEqual(full);
    expect(analyseScoresCounted(small, 50)).toMatchObject({
      maxScore: 6,
      exact: false,
      achievableScores: null,
    });
    const large = buildQuiz({ questions: questions(40) }).quiz;
    const analysis = analyseScoresCounted(large);
    expect(analysis).toMatchObject({ maxScore: 40, exact: false });
    expect(analysis.steps).toBeLessThanOrEqual(withinBudget(large, SCORE_WORK_BUDGET));
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
