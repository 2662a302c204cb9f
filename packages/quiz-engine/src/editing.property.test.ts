import { type FlowRule, type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import { END_QUIZ_TARGET } from '@quizbeam/contracts/quizConstants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addAnswer, moveAnswer, removeAnswer, updateAnswer } from './answers';
import { migrateQuizDocument } from './migrateQuizDocument';
import { newQuiz } from './newQuiz';
import {
  addAlternateDescription,
  addOutcome,
  moveOutcome,
  removeDescription,
  removeOutcome,
  updateOutcome,
} from './outcomes';
import { addQuestion, moveQuestion, removeQuestion, updateQuestion } from './questions';
import { analyseScores, totalPoints } from './scoring';
import { bruteForceScores, childIds } from './testing/quizzes';

/** Commands pick items by position (modulo the list length), so every command applies to something. */
type Command =
  | { op: 'addQuestion' }
  | { op: 'removeQuestion'; q: number }
  | { op: 'moveQuestion'; q: number; to: number }
  | { op: 'questionRule'; q: number; rule: RuleChoice }
  | { op: 'addAnswer'; q: number }
  | { op: 'removeAnswer'; q: number; a: number }
  | { op: 'moveAnswer'; q: number; a: number; to: number }
  | { op: 'answer'; q: number; a: number; points: number; outcome: number | null; rule: RuleChoice }
  | { op: 'addOutcome' }
  | { op: 'removeOutcome'; o: number }
  | { op: 'moveOutcome'; o: number; to: number }
  | { op: 'outcome'; o: number; from: number | null; to: number | null; descriptions: number };

type RuleChoice = { kind: 'default' | 'next' | 'end' | 'question'; q: number };

const index = fc.nat({ max: 20 });
const ruleChoice: fc.Arbitrary<RuleChoice> = fc.record({
  kind: fc.constantFrom('default', 'next', 'end', 'question', 'question'),
  q: index,
});
const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.constant({ op: 'addQuestion' as const }), weight: 3 },
  fc.record({ op: fc.constant('removeQuestion' as const), q: index }),
  fc.record({ op: fc.constant('moveQuestion' as const), q: index, to: fc.integer({ min: -2, max: 12 }) }),
  fc.record({ op: fc.constant('questionRule' as const), q: index, rule: ruleChoice }),
  { arbitrary: fc.record({ op: fc.constant('addAnswer' as const), q: index }), weight: 4 },
  fc.record({ op: fc.constant('removeAnswer' as const), q: index, a: index }),
  fc.record({
    op: fc.constant('moveAnswer' as const),
    q: index,
    a: index,
    to: fc.integer({ min: -2, max: 8 }),
  }),
  {
    arbitrary: fc.record({
      op: fc.constant('answer' as const),
      q: index,
      a: index,
      points: fc.integer({ min: -5, max: 15 }),
      outcome: fc.option(index),
      rule: ruleChoice,
    }),
    weight: 4,
  },
  { arbitrary: fc.constant({ op: 'addOutcome' as const }), weight: 2 },
  fc.record({ op: fc.constant('removeOutcome' as const), o: index }),
  fc.record({ op: fc.constant('moveOutcome' as const), o: index, to: fc.integer({ min: -2, max: 8 }) }),
  fc.record({
    op: fc.constant('outcome' as const),
    o: index,
    from: fc.option(fc.integer({ min: -3, max: 30 })),
    to: fc.option(fc.integer({ min: -3, max: 30 })),
    descriptions: fc.integer({ min: -1, max: 3 }),
  }),
);

const at = <T>(items: readonly T[], position: number): T | undefined =>
  items[position % Math.max(1, items.length)];

function rule(quiz: Quiz, choice: RuleChoice, defaultBehaviour: FlowRule['defaultBehaviour']): FlowRule {
  switch (choice.kind) {
    case 'default':
      return { defaultBehaviour, behaviour: defaultBehaviour, target: null };
    case 'next':
      return { defaultBehaviour, behaviour: 'next_in_list', target: null };
    case 'end':
      return { defaultBehaviour, behaviour: 'end_quiz', target: END_QUIZ_TARGET };
    case 'question':
      return {
        defaultBehaviour,
        behaviour: 'specific_question',
        target: at(quiz.questions, choice.q)?.id ?? 1,
      };
  }
}

function apply(quiz: Quiz, step: Command): Quiz {
  const question = 'q' in step ? at(quiz.questions, step.q) : undefined;
  const answer = question && 'a' in step ? at(question.answers, step.a) : undefined;
  const outcome = 'o' in step ? at(quiz.outcomes, step.o) : undefined;
  switch (step.op) {
    case 'addQuestion':
      return addQuestion(quiz).quiz;
    case 'removeQuestion':
      return question ? removeQuestion(quiz, question.id) : quiz;
    case 'moveQuestion':
      return question ? moveQuestion(quiz, question.id, step.to) : quiz;
    case 'questionRule':
      return question
        ? updateQuestion(quiz, question.id, { next: rule(quiz, step.rule, 'next_in_list') })
        : quiz;
    case 'addAnswer':
      return question && question.answers.length < 8 ? addAnswer(quiz, question.id).quiz : quiz;
    case 'removeAnswer':
      return question && answer ? removeAnswer(quiz, question.id, answer.id) : quiz;
    case 'moveAnswer':
      return question && answer ? moveAnswer(quiz, question.id, answer.id, step.to) : quiz;
    case 'answer':
      return question && answer
        ? updateAnswer(quiz, question.id, answer.id, {
            points: step.points,
            outcome: step.outcome === null ? null : (at(quiz.outcomes, step.outcome)?.id ?? null),
            next: rule(quiz, step.rule, 'follow_question'),
          })
        : quiz;
    case 'addOutcome':
      return addOutcome(quiz).quiz;
    case 'removeOutcome':
      return outcome ? removeOutcome(quiz, outcome.id) : quiz;
    case 'moveOutcome':
      return outcome ? moveOutcome(quiz, outcome.id, step.to) : quiz;
    case 'outcome': {
      if (!outcome) return quiz;
      const ranged = updateOutcome(quiz, outcome.id, { scoreRange: { from: step.from, to: step.to } });
      if (step.descriptions < 0) return removeDescription(ranged, outcome.id, 0);
      let result = ranged;
      for (let count = 0; count < step.descriptions; count++)
        result = addAlternateDescription(result, outcome.id);
      return result;
    }
  }
}

/** The invariants every editing result keeps; returns the broken ones (plain checks: expect() is slow here). */
function brokenInvariants(quiz: Quiz): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  for (const [position, question] of quiz.questions.entries()) {
    check(question.rank === position + 1, `question rank ${question.id}`);
  }
  for (const [position, outcome] of quiz.outcomes.entries()) {
    check(outcome.rank === position + 1, `outcome rank ${outcome.id}`);
  }
  const ids = childIds(quiz);
  check(new Set(ids).size === ids.length, 'duplicate id');
  for (const id of ids) check(id >= 1 && id < quiz.nextId, `id ${id} not in 1..nextId-1`);
  const questionIds = new Set(quiz.questions.map((question) => question.id));
  const outcomeIds = new Set(quiz.outcomes.map((outcome) => outcome.id));
  for (const question of quiz.questions) {
    check(question.next.behaviour !== 'follow_question', `question ${question.id} follows itself`);
    for (const flowRule of [question.next, ...question.answers.map((answer) => answer.next)]) {
      if (flowRule.behaviour === 'specific_question') {
        check(
          flowRule.target !== null && questionIds.has(flowRule.target),
          `dangling rule in question ${question.id}`,
        );
      } else if (flowRule.behaviour === 'end_quiz') check(flowRule.target === END_QUIZ_TARGET, 'end target');
      else check(flowRule.target === null, 'target without jump');
    }
    for (const answer of question.answers) {
      check(
        answer.outcome === null || outcomeIds.has(answer.outcome),
        `dangling outcome on answer ${answer.id}`,
      );
    }
  }
  const parsed = quizSchema.safeParse(quiz);
  if (!parsed.success) problems.push(parsed.error.message);
  return problems;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

const commands = fc.array(command, { minLength: 5, maxLength: 60, size: 'max' });

/** A few questions, answers and outcomes first, so that removals often hit linked items. */
const SEED: Command[] = [
  { op: 'addQuestion' },
  { op: 'addQuestion' },
  { op: 'addQuestion' },
  { op: 'addOutcome' },
  { op: 'addOutcome' },
  ...[0, 1, 2, 0, 1, 2].map((q): Command => ({ op: 'addAnswer', q })),
];
const start = (type: 'general' | 'scored') =>
  SEED.reduce(apply, newQuiz({ id: 'p', name: 'Property quiz', type }));

describe('editing sequences (property-based)', () => {
  it('keep ranks 1..n, ids unique and below nextId, no dangling references, and a valid document', () => {
    fc.assert(
      fc.property(fc.constantFrom('general' as const, 'scored' as const), commands, (type, steps) => {
        let quiz = start(type);
        for (const step of steps) {
          // Frozen input: any mutation by an engine function throws (ES modules run in strict mode).
          quiz = apply(deepFreeze(quiz), step);
          const problems = brokenInvariants(quiz);
          if (problems.length > 0) expect(problems).toEqual([]);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('never hand out an id twice, even after removals', () => {
    fc.assert(
      fc.property(commands, (steps) => {
        let quiz = start('general');
        const handedOut = new Set<number>();
        for (const step of steps) {
          quiz = apply(quiz, step);
          for (const id of childIds(quiz)) handedOut.add(id);
        }
        const added = addQuestion(quiz);
        expect(handedOut.has(added.questionId)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('survive a round trip through migration, as version 1 and as version 0', () => {
    fc.assert(
      fc.property(fc.constantFrom('general' as const, 'scored' as const), commands, (type, steps) => {
        const quiz = steps.reduce(apply, start(type));
        expect(migrateQuizDocument(structuredClone(quiz))).toEqual(quiz);
        const { version: _version, ...v0 } = structuredClone(quiz);
        expect(migrateQuizDocument(v0)).toEqual(quiz);
      }),
      { numRuns: 100 },
    );
  });

  it('give maxScore and achievable scores that match every path (small quizzes, brute force)', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30, size: 'max' }), (steps) => {
        const quiz = steps.reduce(apply, start('scored'));
        fc.pre(quiz.questions.length <= 6);
        const analysis = analyseScores(quiz);
        const expected = [...bruteForceScores(quiz)].sort((x, y) => x - y);
        expect(analysis.achievableScores).toEqual(expected);
        expect(analysis.maxScore).toBe(Math.max(...expected));
        const chosen = quiz.questions.map((question) => question.answers[0]?.id ?? 0);
        expect(totalPoints(quiz, chosen)).toBeLessThanOrEqual(
          quiz.questions.reduce(
            (sum, question) => sum + Math.max(0, ...question.answers.map((a) => a.points)),
            0,
          ),
        );
      }),
      { numRuns: 200 },
    );
  });
});
