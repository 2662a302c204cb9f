import { type FlowRule, type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addAnswer, removeAnswer, updateAnswer } from './answers';
import { addCategory, removeCategory, renameCategory } from './categories';
import { addLeadField, removeLeadField, setLeadFormPlacement, updateLeadField } from './leadCapture';
import { type ConflictChoice, mergeQuiz, resolveConflicts } from './mergeQuiz';
import { newQuiz } from './newQuiz';
import { addOutcome, moveOutcome, removeOutcome, updateOutcome } from './outcomes';
import { addQuestion, moveQuestion, removeQuestion, updateQuestion } from './questions';
import { updateQuiz } from './updateQuiz';

/*
 * Two tabs edit the same quiz at random: whatever they did, the merge (and any choice of sides for its
 * conflicts) is a quiz the schema takes, and neither side's input is touched.
 */

type Command =
  | { op: 'addQuestion' | 'addOutcome' | 'addCategory' | 'addLeadField' }
  | {
      op: 'removeQuestion' | 'questionText' | 'questionJump' | 'addAnswer' | 'placeForm';
      q: number;
      n: number;
    }
  | { op: 'moveQuestion'; q: number; n: number }
  | { op: 'questionCategory'; q: number; n: number }
  | { op: 'removeAnswer' | 'answer'; q: number; a: number; n: number }
  | { op: 'removeOutcome' | 'outcomeName' | 'moveOutcome'; o: number; n: number }
  | { op: 'removeCategory' | 'renameCategory' | 'removeLeadField' | 'leadFieldLabel'; i: number; n: number }
  | { op: 'quizName'; n: number };

const small = fc.nat({ max: 9 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constantFrom('addQuestion', 'addOutcome', 'addCategory', 'addLeadField') }),
  fc.record({
    op: fc.constantFrom(
      'removeQuestion',
      'questionText',
      'questionJump',
      'addAnswer',
      'placeForm',
      'moveQuestion',
    ),
    q: small,
    n: small,
  }),
  fc.record({ op: fc.constant('questionCategory' as const), q: small, n: small }),
  fc.record({ op: fc.constantFrom('removeAnswer', 'answer'), q: small, a: small, n: small }),
  fc.record({ op: fc.constantFrom('removeOutcome', 'outcomeName', 'moveOutcome'), o: small, n: small }),
  fc.record({
    op: fc.constantFrom('removeCategory', 'renameCategory', 'removeLeadField', 'leadFieldLabel'),
    i: small,
    n: small,
  }),
  fc.record({ op: fc.constant('quizName' as const), n: small }),
);

const at = <T>(items: readonly T[] | undefined, position: number): T | undefined =>
  items?.[position % Math.max(1, items.length)];

const jump = (target: number): FlowRule => ({
  defaultBehaviour: 'follow_question',
  behaviour: 'specific_question',
  target,
});

function apply(quiz: Quiz, step: Command): Quiz {
  const question = 'q' in step ? at(quiz.questions, step.q) : undefined;
  const other = 'n' in step ? at(quiz.questions, step.n) : undefined;
  const outcome = 'o' in step ? at(quiz.outcomes, step.o) : undefined;
  const category = 'i' in step ? at(quiz.categories, step.i) : undefined;
  const field = 'i' in step ? at(quiz.leadCaptureSettings.fields, step.i) : undefined;
  // A small vocabulary, so that both sides often type the same or clashing words.
  const word = 'n' in step ? `Word ${step.n % 3}` : 'Word';
  switch (step.op) {
    case 'addQuestion':
      return quiz.questions.length < 12 ? addQuestion(quiz).quiz : quiz;
    case 'addOutcome':
      return quiz.outcomes.length < 8 ? addOutcome(quiz).quiz : quiz;
    case 'addCategory':
      return (quiz.categories ?? []).length < 5 ? addCategory(quiz, 'Topic').quiz : quiz;
    case 'addLeadField':
      return addLeadField(quiz, 'phone').quiz;
    case 'removeQuestion':
      return question ? removeQuestion(quiz, question.id) : quiz;
    case 'moveQuestion':
      return question ? moveQuestion(quiz, question.id, step.n) : quiz;
    case 'questionText':
      return question ? updateQuestion(quiz, question.id, { text: word }) : quiz;
    case 'questionJump':
      return question && other
        ? updateQuestion(quiz, question.id, { next: { ...jump(other.id), defaultBehaviour: 'next_in_list' } })
        : quiz;
    case 'questionCategory':
      return question
        ? updateQuestion(quiz, question.id, { category: at(quiz.categories, step.n)?.id ?? null })
        : quiz;
    case 'placeForm':
      return question ? setLeadFormPlacement(quiz, { at: 'after_question', questionId: question.id }) : quiz;
    case 'addAnswer':
      return question && question.answers.length < 6 ? addAnswer(quiz, question.id).quiz : quiz;
    case 'removeAnswer':
    case 'answer': {
      const answer = question && at(question.answers, step.a);
      if (!question || !answer) return quiz;
      if (step.op === 'removeAnswer') return removeAnswer(quiz, question.id, answer.id);
      return updateAnswer(quiz, question.id, answer.id, {
        text: word,
        points: step.n,
        outcome: at(quiz.outcomes, step.n)?.id ?? null,
        extraOutcomes: quiz.outcomes
          .slice(0, step.n % 3)
          .map((linked) => ({ outcome: linked.id, weight: 2 })),
        next: other ? jump(other.id) : undefined,
      });
    }
    case 'removeOutcome':
      return outcome ? removeOutcome(quiz, outcome.id) : quiz;
    case 'outcomeName':
      return outcome ? updateOutcome(quiz, outcome.id, { name: word }) : quiz;
    case 'moveOutcome':
      return outcome ? moveOutcome(quiz, outcome.id, step.n) : quiz;
    case 'removeCategory':
      return category ? removeCategory(quiz, category.id) : quiz;
    case 'renameCategory':
      return category ? renameCategory(quiz, category.id, word) : quiz;
    case 'removeLeadField':
      return field ? removeLeadField(quiz, field.id) : quiz;
    case 'leadFieldLabel':
      return field ? updateLeadField(quiz, field.id, { label: word }) : quiz;
    case 'quizName':
      return updateQuiz(quiz, { name: word });
  }
}

const SEED: Command[] = [
  { op: 'addOutcome' },
  { op: 'addOutcome' },
  { op: 'addCategory' },
  { op: 'addLeadField' },
  ...[0, 1, 2, 3].flatMap((q): Command[] => [
    { op: 'addQuestion' },
    { op: 'addAnswer', q, n: 0 },
    { op: 'addAnswer', q, n: 0 },
    { op: 'answer', q, a: 0, n: q },
    { op: 'questionCategory', q, n: 0 },
  ]),
  { op: 'placeForm', q: 2, n: 0 },
];

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

const problems = (quiz: Quiz) => quizSchema.safeParse(quiz).error?.issues ?? [];

describe('mergeQuiz on random edits from both sides', () => {
  it('always gives a valid quiz, for the merge and for every way of resolving it', () => {
    const edits = fc.array(command, { maxLength: 25 });
    fc.assert(
      fc.property(
        edits,
        edits,
        edits,
        fc.array(fc.boolean(), { maxLength: 40 }),
        (shared, mineEdits, theirsEdits, picks) => {
          const base = deepFreeze(
            [...SEED, ...shared].reduce(apply, newQuiz({ id: 'q', name: 'Quiz', type: 'general' })),
          );
          const mine = deepFreeze(mineEdits.reduce(apply, base));
          const theirs = deepFreeze({ ...theirsEdits.reduce(apply, base), revision: base.revision + 1 });

          const result = mergeQuiz(base, mine, theirs);
          expect(problems(result.merged)).toEqual([]);
          expect(result.merged.revision).toBe(theirs.revision);
          expect(result.merged.nextId).toBeGreaterThanOrEqual(Math.max(mine.nextId, theirs.nextId));
          const choices = result.conflicts.map(
            (_, index): ConflictChoice => (picks[index] ? 'mine' : 'theirs'),
          );
          expect(problems(resolveConflicts(result, choices))).toEqual([]);
          expect(
            problems(
              resolveConflicts(
                result,
                choices.map(() => 'mine'),
              ),
            ),
          ).toEqual([]);

          expect(mergeQuiz(base, theirs, theirs).merged).toBe(theirs);
          expect(mergeQuiz(base, structuredClone(theirs), theirs).merged).toBe(theirs);
          expect(mergeQuiz(base, base, theirs).merged).toBe(theirs);
          const onlyMine = mergeQuiz(base, mine, { ...base, revision: theirs.revision });
          expect(onlyMine.conflicts).toEqual([]);
          expect(onlyMine.merged).toEqual({ ...mine, revision: theirs.revision });
        },
      ),
      { numRuns: 200 },
    );
  });
});
