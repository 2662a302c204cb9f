import { type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import { END_QUIZ_TARGET, MAX_OUTCOMES, MAX_QUESTIONS } from '@quizbeam/contracts/quizConstants';
import { describe, expect, it } from 'vitest';
import { copiedOutcomeName, duplicateOutcome, duplicateQuestion } from './duplicateItems';
import { updateLeadCaptureSettings } from './leadCapture';
import { addOutcome } from './outcomes';
import { addQuestion, updateQuestion } from './questions';
import { quizWarnings } from './quizWarnings';
import { buildQuiz, childIds } from './testing/quizzes';

const idOf = (ids: number[], index: number): number => {
  const id = ids[index];
  if (id === undefined) throw new Error(`No id at ${index}`);
  return id;
};

describe('duplicateQuestion', () => {
  it('inserts a copy right after the original with new ids for it and its answers, ranks renumbered', () => {
    const { quiz, q, a, o } = buildQuiz({
      type: 'general',
      outcomes: ['Dog', 'Cat'],
      questions: [
        { text: 'First' },
        { text: 'Pets?', to: 'end', answers: [{ outcome: 0, to: 0 }, { outcome: 1 }] },
        { text: 'Last' },
      ],
    });
    const originalId = idOf(q, 1);
    const result = duplicateQuestion(quiz, originalId);

    expect(result.questions.map((question) => [question.text, question.rank])).toEqual([
      ['First', 1],
      ['Pets?', 2],
      ['Pets?', 3],
      ['Last', 4],
    ]);
    const original = result.questions[1];
    const copy = result.questions[2];
    expect(original).toEqual(quiz.questions[1]);
    expect(copy?.id).toBe(quiz.nextId);
    expect(copy?.answers.map((answer) => answer.id)).toEqual([quiz.nextId + 1, quiz.nextId + 2]);
    expect(result.nextId).toBe(quiz.nextId + 3);
    // The copy leads where the original leads and counts toward the same outcomes.
    expect(copy?.next).toEqual({
      defaultBehaviour: 'next_in_list',
      behaviour: 'end_quiz',
      target: END_QUIZ_TARGET,
    });
    expect(copy?.answers.map((answer) => [answer.text, answer.outcome, answer.next.target])).toEqual([
      ['A1', o[0], q[0]],
      ['A2', o[1], null],
    ]);
    expect(original?.answers.map((answer) => answer.id)).toEqual(a[1]);
    const ids = childIds(result);
    expect(new Set(ids).size).toBe(ids.length);
    expect(() => quizSchema.parse(result)).not.toThrow();
  });

  it('leaves rules that jump to the original, and the capture form placed after it, pointing at the original', () => {
    const built = buildQuiz({
      questions: [{ to: 1, answers: [{ to: 1 }] }, { answers: [{}] }],
    });
    const target = idOf(built.q, 1);
    const quiz = updateLeadCaptureSettings(built.quiz, {
      placement: { at: 'after_question', questionId: target },
    });
    const result = duplicateQuestion(quiz, target);
    expect(result.questions[0]?.next.target).toBe(target);
    expect(result.questions[0]?.answers[0]?.next.target).toBe(target);
    expect(result.leadCaptureSettings.placement).toEqual({ at: 'after_question', questionId: target });
    expect(() => quizSchema.parse(result)).not.toThrow();
  });

  it('copies the settings of its type (a rating with its ranges)', () => {
    const added = addQuestion(buildQuiz({}).quiz);
    const quiz = updateQuestion(added.quiz, added.questionId, { type: 'rating', text: 'How likely?' });
    const result = duplicateQuestion(quiz, added.questionId);
    const [original, copy] = result.questions;
    expect(copy).toEqual({ ...original, id: quiz.nextId, rank: 2 });
    expect(copy?.ranges?.length).toBeGreaterThan(0);
    expect(() => quizSchema.parse(result)).not.toThrow();
  });

  it('changes nothing for an unknown id or a quiz already at its question limit', () => {
    const { quiz, q } = buildQuiz({ questions: [{}] });
    expect(duplicateQuestion(quiz, 9999)).toBe(quiz);
    let full: Quiz = quiz;
    while (full.questions.length < MAX_QUESTIONS) full = addQuestion(full).quiz;
    expect(duplicateQuestion(full, idOf(q, 0))).toBe(full);
  });

  it('leaves the quiz it was given as it was', () => {
    const { quiz, q } = buildQuiz({ questions: [{ answers: [{}, {}] }] });
    const before = structuredClone(quiz);
    duplicateQuestion(quiz, idOf(q, 0));
    expect(quiz).toEqual(before);
  });
});

describe('duplicateOutcome', () => {
  it('inserts "{name} (copy)" right after the original with a new id, ranks renumbered, no answer linked', () => {
    const { quiz, o } = buildQuiz({
      type: 'general',
      outcomes: ['Dog', 'Cat'],
      questions: [{ answers: [{ outcome: 0 }, { outcome: 1 }] }],
    });
    const result = duplicateOutcome(quiz, idOf(o, 0));
    expect(result.outcomes.map((outcome) => [outcome.id, outcome.name, outcome.rank])).toEqual([
      [o[0], 'Dog', 1],
      [quiz.nextId, 'Dog (copy)', 2],
      [o[1], 'Cat', 3],
    ]);
    expect(result.nextId).toBe(quiz.nextId + 1);
    expect(result.questions).toBe(quiz.questions);
    const { id: _copyId, name: _copyName, rank: _copyRank, ...copiedFields } = result.outcomes[1] ?? {};
    const { id: _id, name: _name, rank: _rank, ...originalFields } = quiz.outcomes[0] ?? {};
    expect(copiedFields).toEqual(originalFields);
    expect(() => quizSchema.parse(result)).not.toThrow();
  });

  it('keeps the score interval in a scored quiz, which the warnings then report as overlapping', () => {
    const { quiz, o } = buildQuiz({
      type: 'scored',
      outcomes: [
        { from: 0, to: 1 },
        { from: 2, to: 3 },
      ],
      questions: [{ answers: [{ points: 0 }, { points: 3 }] }],
    });
    expect(quizWarnings(quiz).filter((warning) => warning.kind === 'score_overlap')).toEqual([]);
    const result = duplicateOutcome(quiz, idOf(o, 1));
    const copy = result.outcomes[2];
    expect(copy).toMatchObject({ name: 'O2 (copy)', scoreRange: { from: 2, to: 3 } });
    expect(
      quizWarnings(result).some((warning) => warning.kind === 'score_overlap' && warning.id === copy?.id),
    ).toBe(true);
  });

  it('changes nothing for an unknown id or a quiz already at its outcome limit', () => {
    const { quiz, o } = buildQuiz({ outcomes: ['A'] });
    expect(duplicateOutcome(quiz, 9999)).toBe(quiz);
    let full: Quiz = quiz;
    while (full.outcomes.length < MAX_OUTCOMES) full = addOutcome(full).quiz;
    expect(duplicateOutcome(full, idOf(o, 0))).toBe(full);
  });
});

describe('copiedOutcomeName', () => {
  it('adds the suffix within the name limit, and names an unnamed copy', () => {
    expect(copiedOutcomeName('Dog  ')).toBe('Dog (copy)');
    expect(copiedOutcomeName('')).toBe('(copy)');
    const long = copiedOutcomeName('x'.repeat(500));
    expect(long).toHaveLength(500);
    expect(long.endsWith('x (copy)')).toBe(true);
  });
});
