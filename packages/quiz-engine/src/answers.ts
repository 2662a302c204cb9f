import type { Answer, OutcomeLink, Question, Quiz } from '@quizbeam/contracts/quiz';
import {
  MAX_ANSWERS_PER_QUESTION,
  MAX_DROPDOWN_OPTIONS,
  MAX_OUTCOME_LINKS,
  MAX_OUTCOME_WEIGHT,
  MAX_POINTS,
} from '@quizbeam/contracts/quizConstants';
import { normaliseRule } from './flowRules';
import { takeId } from './ids';
import { findQuestion, withQuestion } from './lookup';
import { answerDefaultRule } from './newQuiz';
import { moveToIndex } from './ranks';

/** How many answers the question may hold: a dropdown's long list takes more than the other types. */
export const answerCap = (question: Pick<Question, 'type'>): number =>
  question.type === 'dropdown' ? MAX_DROPDOWN_OPTIONS : MAX_ANSWERS_PER_QUESTION;

const emptyAnswer = (id: number, text = ''): Answer => ({
  id,
  text,
  image: null,
  imageCaption: '',
  points: 0,
  outcome: null,
  next: answerDefaultRule(),
});

/**
 * Appends an empty answer (0 points, no outcome, follows the question's rule) to the question.
 * Throws when the question does not exist or already holds as many answers as its type allows (`answerCap`).
 */
export function addAnswer(quiz: Quiz, questionId: number): { quiz: Quiz; answerId: number } {
  const question = findQuestion(quiz, questionId);
  if (!question) throw new Error(`Question ${questionId} does not exist.`);
  if (question.answers.length >= answerCap(question)) {
    throw new Error(`A question has at most ${answerCap(question)} answers.`);
  }
  const { quiz: counted, id } = takeId(quiz);
  return {
    quiz: withQuestion(counted, questionId, (current) => ({
      ...current,
      answers: [...current.answers, emptyAnswer(id)],
    })),
    answerId: id,
  };
}

/**
 * Appends one answer per text (a pasted list of options), as many as the question's cap leaves room for; the
 * rest are cut. `added` says how many went in. Unknown question or no room: the same quiz and 0.
 */
export function addAnswers(
  quiz: Quiz,
  questionId: number,
  texts: readonly string[],
): { quiz: Quiz; added: number } {
  const question = findQuestion(quiz, questionId);
  if (!question) return { quiz, added: 0 };
  const taken = texts.slice(0, Math.max(0, answerCap(question) - question.answers.length));
  if (taken.length === 0) return { quiz, added: 0 };
  const firstId = quiz.nextId;
  const answers = taken.map((text, index) => emptyAnswer(firstId + index, text));
  const counted = { ...quiz, nextId: firstId + taken.length };
  return {
    quiz: withQuestion(counted, questionId, (current) => ({
      ...current,
      answers: [...current.answers, ...answers],
    })),
    added: taken.length,
  };
}

/** Removes the answer. Unknown ids: the same quiz. */
export function removeAnswer(quiz: Quiz, questionId: number, answerId: number): Quiz {
  return withQuestion(quiz, questionId, (question) =>
    question.answers.some((answer) => answer.id === answerId)
      ? { ...question, answers: question.answers.filter((answer) => answer.id !== answerId) }
      : question,
  );
}

/** Moves the answer to position `toIndex` (0-based, clamped) within its question. Unknown ids: the same quiz. */
export function moveAnswer(quiz: Quiz, questionId: number, answerId: number, toIndex: number): Quiz {
  return withQuestion(quiz, questionId, (question) => {
    const fromIndex = question.answers.findIndex((answer) => answer.id === answerId);
    if (fromIndex < 0) return question;
    return { ...question, answers: moveToIndex(question.answers, fromIndex, toIndex) };
  });
}

/** Points are whole numbers from 0 to MAX_POINTS; anything else is rounded and clamped (NaN is 0). */
export function clampPoints(points: number): number {
  if (!Number.isFinite(points)) return points === Number.POSITIVE_INFINITY ? MAX_POINTS : 0;
  return Math.min(MAX_POINTS, Math.max(0, Math.round(points)));
}

/** An outcome link's weight is a whole number from 1 to MAX_OUTCOME_WEIGHT (NaN is 1). */
export function clampWeight(weight: number): number {
  if (!Number.isFinite(weight)) return weight === Number.POSITIVE_INFINITY ? MAX_OUTCOME_WEIGHT : 1;
  return Math.min(MAX_OUTCOME_WEIGHT, Math.max(1, Math.round(weight)));
}

/**
 * The links beyond an item's first outcome, kept only toward existing outcomes, with clamped weights, and at
 * most MAX_OUTCOME_LINKS - 1 of them. The same outcome may appear twice (its weights then add up).
 */
export function normaliseExtraOutcomes(
  links: readonly OutcomeLink[],
  outcomeIds: ReadonlySet<number>,
): OutcomeLink[] {
  return links
    .filter((link) => outcomeIds.has(link.outcome))
    .slice(0, MAX_OUTCOME_LINKS - 1)
    .map((link) => ({ outcome: link.outcome, weight: clampWeight(link.weight) }));
}

/** An item's first outcome link: an outcome that does not exist becomes null. */
export const existingOutcome = (outcome: number | null, outcomeIds: ReadonlySet<number>): number | null =>
  outcome !== null && outcomeIds.has(outcome) ? outcome : null;

export type AnswerPatch = Partial<Omit<Answer, 'id'>>;

/**
 * Patches an answer. Points are clamped (see `clampPoints`); an outcome that does not exist becomes null;
 * the outcome's weight is clamped (see `clampWeight`) and the extra links normalised (see
 * `normaliseExtraOutcomes`); the rule is normalised (a jump to a missing question falls back to
 * follow_question). Unknown ids: the same quiz.
 */
export function updateAnswer(quiz: Quiz, questionId: number, answerId: number, patch: AnswerPatch): Quiz {
  const questionIds = new Set(quiz.questions.map((question) => question.id));
  const outcomeIds = new Set(quiz.outcomes.map((outcome) => outcome.id));
  return withQuestion(quiz, questionId, (question) => {
    const index = question.answers.findIndex((answer) => answer.id === answerId);
    const answer = question.answers[index];
    if (!answer) return question;
    const updated: Answer = {
      ...answer,
      ...(patch.text !== undefined && { text: patch.text }),
      ...(patch.image !== undefined && { image: patch.image }),
      ...(patch.imageCaption !== undefined && { imageCaption: patch.imageCaption }),
      ...(patch.points !== undefined && { points: clampPoints(patch.points) }),
      ...(patch.outcome !== undefined && { outcome: existingOutcome(patch.outcome, outcomeIds) }),
      ...(patch.outcomeWeight !== undefined && { outcomeWeight: clampWeight(patch.outcomeWeight) }),
      ...(patch.extraOutcomes !== undefined && {
        extraOutcomes: normaliseExtraOutcomes(patch.extraOutcomes, outcomeIds),
      }),
      ...(patch.next !== undefined && { next: normaliseRule(patch.next, 'follow_question', questionIds) }),
    };
    return { ...question, answers: question.answers.with(index, updated) };
  });
}

const unlinked = <Item extends Pick<Answer, 'outcome' | 'outcomeWeight' | 'extraOutcomes'>>(
  item: Item,
  outcomeId: number,
): Item => {
  const pointsThere = item.outcome === outcomeId;
  const extraThere = item.extraOutcomes?.some((link) => link.outcome === outcomeId) ?? false;
  if (!pointsThere && !extraThere) return item;
  return {
    ...item,
    ...(pointsThere && { outcome: null, outcomeWeight: undefined }),
    ...(extraThere && { extraOutcomes: item.extraOutcomes?.filter((link) => link.outcome !== outcomeId) }),
  };
};

/**
 * Removes every link to the outcome from answers and value ranges: a first link becomes null (its weight goes
 * with it), extra links go.
 * Nothing links it: the same quiz.
 */
export function removeOutcomeLinks(quiz: Quiz, outcomeId: number): Quiz {
  let changed = false;
  const questions = quiz.questions.map((question) => {
    const answers = question.answers.map((answer) => unlinked(answer, outcomeId));
    const ranges = question.ranges?.map((range) => unlinked(range, outcomeId));
    const answersChanged = answers.some((answer, index) => answer !== question.answers[index]);
    const rangesChanged = ranges?.some((range, index) => range !== question.ranges?.[index]) ?? false;
    if (!answersChanged && !rangesChanged) return question;
    changed = true;
    return {
      ...question,
      ...(answersChanged && { answers }),
      ...(rangesChanged && { ranges }),
    };
  });
  return changed ? { ...quiz, questions } : quiz;
}
