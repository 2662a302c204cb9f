import type { NumberSettings, RatingScale } from '@quizbeam/contracts/questionSettings';
import type { FlowRule, Question, Quiz, ValueRange } from '@quizbeam/contracts/quiz';
import {
  MAX_ANSWERS_PER_QUESTION,
  MAX_QUESTIONS,
  MAX_VALUE_RANGES,
  NUMBER_INPUT_LIMIT,
} from '@quizbeam/contracts/quizConstants';
import { clampPoints, clampWeight, existingOutcome, normaliseExtraOutcomes } from './answers';
import { normaliseRule, resetRule } from './flowRules';
import { takeId } from './ids';
import { withLeadFormPlacementChecked } from './leadCapture';
import { withQuestion } from './lookup';
import { answerDefaultRule, questionDefaultRule } from './newQuiz';
import { defaultRatingRanges, numberSettings, ratingScale, ratingValues } from './questionTypes';
import { moveToIndex, renumber } from './ranks';

/**
 * Appends an empty text question (no answers, next in list) at the end.
 * Throws when the quiz already has MAX_QUESTIONS questions.
 */
export function addQuestion(quiz: Quiz): { quiz: Quiz; questionId: number } {
  if (quiz.questions.length >= MAX_QUESTIONS)
    throw new Error(`A quiz has at most ${MAX_QUESTIONS} questions.`);
  const { quiz: counted, id } = takeId(quiz);
  const question: Question = {
    id,
    rank: quiz.questions.length + 1,
    type: 'single_list',
    image: null,
    text: '',
    answers: [],
    next: questionDefaultRule(),
  };
  return { quiz: { ...counted, questions: renumber([...quiz.questions, question]) }, questionId: id };
}

const pointsAt = (rule: FlowRule, questionId: number) =>
  rule.behaviour === 'specific_question' && rule.target === questionId;

/** The items with every rule that jumps to `questionId` reset; the same array when none does. */
function withRulesReset<Item extends { next: FlowRule }>(items: Item[], questionId: number): Item[] {
  if (!items.some((item) => pointsAt(item.next, questionId))) return items;
  return items.map((item) =>
    pointsAt(item.next, questionId) ? { ...item, next: resetRule(item.next) } : item,
  );
}

/**
 * Removes the question and renumbers the rest. Every question, answer or value-range rule that jumped to it
 * goes back to its default behaviour (next_in_list / follow_question) with no target. Unknown id: the same quiz.
 */
export function removeQuestion(quiz: Quiz, questionId: number): Quiz {
  if (!quiz.questions.some((question) => question.id === questionId)) return quiz;
  const questions = renumber(quiz.questions.filter((question) => question.id !== questionId)).map(
    (question) => {
      const answers = withRulesReset(question.answers, questionId);
      const ranges = question.ranges && withRulesReset(question.ranges, questionId);
      if (answers === question.answers && ranges === question.ranges && !pointsAt(question.next, questionId))
        return question;
      return {
        ...question,
        next: pointsAt(question.next, questionId) ? resetRule(question.next) : question.next,
        answers,
        ...(ranges && { ranges }),
      };
    },
  );
  return withLeadFormPlacementChecked({ ...quiz, questions });
}

/** Moves the question to list position `toIndex` (0-based, clamped) and renumbers. Unknown id: the same quiz. */
export function moveQuestion(quiz: Quiz, questionId: number, toIndex: number): Quiz {
  const fromIndex = quiz.questions.findIndex((question) => question.id === questionId);
  if (fromIndex < 0) return quiz;
  return { ...quiz, questions: renumber(moveToIndex(quiz.questions, fromIndex, toIndex)) };
}

export type QuestionPatch = Partial<
  Pick<
    Question,
    | 'text'
    | 'description'
    | 'image'
    | 'type'
    | 'next'
    | 'selection'
    | 'rating'
    | 'number'
    | 'ranges'
    | 'multiline'
    | 'optional'
    | 'category'
  >
>;

/** A finite number within the number question's limits (NaN is 0). */
function clampValue(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(NUMBER_INPUT_LIMIT, Math.max(-NUMBER_INPUT_LIMIT, value));
}

/** A selection bound: null (no limit) or a whole number from 1 to MAX_ANSWERS_PER_QUESTION. */
function selectionCount(count: number | null): number | null {
  if (count === null || Number.isNaN(count)) return null;
  return Math.min(MAX_ANSWERS_PER_QUESTION, Math.max(1, Math.round(count)));
}

/**
 * Number settings within their limits: a step that is not above 0 keeps the previous one. A minimum at or above
 * the maximum stays as typed (the editor shows it, the schema refuses it), as a score interval does.
 */
function normaliseNumber(settings: NumberSettings, previous: NumberSettings): NumberSettings {
  const step = Number.isFinite(settings.step) && settings.step > 0 ? settings.step : previous.step;
  return {
    min: clampValue(settings.min),
    max: clampValue(settings.max),
    step: Math.min(NUMBER_INPUT_LIMIT, step),
    unit: settings.unit.slice(0, 20),
    display: settings.display,
  };
}

const normaliseRating = (scale: RatingScale): RatingScale => ({
  kind: scale.kind,
  lowLabel: scale.lowLabel.slice(0, 100),
  highLabel: scale.highLabel.slice(0, 100),
});

/**
 * Ranges as the schema takes them (at most MAX_VALUE_RANGES): bounds within the number limits, points clamped,
 * links only to existing outcomes with clamped weights, rules normalised like an answer's. A range that ends
 * before it starts stays as typed for the editor to show.
 */
function normaliseRanges(quiz: Quiz, ranges: readonly ValueRange[]): ValueRange[] {
  const questionIds = new Set(quiz.questions.map((question) => question.id));
  const outcomeIds = new Set(quiz.outcomes.map((outcome) => outcome.id));
  return ranges.slice(0, MAX_VALUE_RANGES).map((range) => ({
    from: clampValue(range.from),
    to: clampValue(range.to),
    points: clampPoints(range.points),
    outcome: existingOutcome(range.outcome, outcomeIds),
    ...(range.outcomeWeight !== undefined && { outcomeWeight: clampWeight(range.outcomeWeight) }),
    ...(range.extraOutcomes !== undefined && {
      extraOutcomes: normaliseExtraOutcomes(range.extraOutcomes, outcomeIds),
    }),
    next: normaliseRule(range.next, 'follow_question', questionIds),
  }));
}

const isSingleValue = (range: ValueRange, value: number) => range.from === value && range.to === value;

/**
 * A rating's ranges for `scale`: one per value, keeping the range the question already had for exactly that
 * value and a default one (points = value) for the others.
 */
function rangesForScale(ranges: readonly ValueRange[], scale: RatingScale): ValueRange[] {
  const defaults = defaultRatingRanges(scale, answerDefaultRule);
  return ratingValues(scale).map(
    (value, index) => ranges.find((range) => isSingleValue(range, value)) ?? (defaults[index] as ValueRange),
  );
}

/**
 * A rating's ranges after the patch: switching to a rating without ranges fills one per value
 * (`defaultRatingRanges`); changing the scale's kind refits them to the new values (see `rangesForScale`).
 * Explicit ranges in the patch win.
 */
function ratingRanges(question: Question, patch: QuestionPatch): ValueRange[] | undefined {
  if (patch.ranges !== undefined) return patch.ranges;
  const type = patch.type ?? question.type;
  if (type !== 'rating') return question.ranges;
  const scale = patch.rating ?? ratingScale(question);
  if ((question.ranges ?? []).length === 0) return defaultRatingRanges(scale, answerDefaultRule);
  if (question.type === 'rating' && scale.kind !== ratingScale(question).kind)
    return rangesForScale(question.ranges ?? [], scale);
  return question.ranges;
}

/**
 * Patches a question's text, description, image, type, flow rule and the settings of its type. The rule is normalised (see
 * `normaliseRule`): a jump to a question that does not exist falls back to next_in_list. Changing the type
 * keeps the answers as they are (text and image both stay); a rating gets its ranges (see `ratingRanges`).
 * Settings are kept within their limits: selection bounds 1..MAX_ANSWERS_PER_QUESTION or null, number bounds
 * within ±NUMBER_INPUT_LIMIT, labels and unit cut to their lengths, ranges as `normaliseRanges` says. A
 * category that does not exist becomes null. Contradictions (minimum above maximum, a range ending before it
 * starts) are stored as typed: the editor shows them and the schema refuses them (`questionProblems`).
 * Unknown id: the same quiz.
 */
export function updateQuestion(quiz: Quiz, questionId: number, patch: QuestionPatch): Quiz {
  const questionIds = new Set(quiz.questions.map((question) => question.id));
  const categoryIds = new Set((quiz.categories ?? []).map((category) => category.id));
  return withQuestion(quiz, questionId, (question) => {
    const ranges = ratingRanges(question, patch);
    return {
      ...question,
      ...(patch.text !== undefined && { text: patch.text }),
      ...(patch.description !== undefined && { description: patch.description }),
      ...(patch.image !== undefined && { image: patch.image }),
      ...(patch.type !== undefined && { type: patch.type }),
      ...(patch.next !== undefined && { next: normaliseRule(patch.next, 'next_in_list', questionIds) }),
      ...(patch.selection !== undefined && {
        selection: { min: selectionCount(patch.selection.min), max: selectionCount(patch.selection.max) },
      }),
      ...(patch.rating !== undefined && { rating: normaliseRating(patch.rating) }),
      ...(patch.number !== undefined && {
        number: normaliseNumber(patch.number, numberSettings(question)),
      }),
      ...(ranges !== question.ranges && ranges !== undefined && { ranges: normaliseRanges(quiz, ranges) }),
      ...(patch.multiline !== undefined && { multiline: patch.multiline }),
      ...(patch.optional !== undefined && { optional: patch.optional }),
      ...(patch.category !== undefined && {
        category: patch.category !== null && categoryIds.has(patch.category) ? patch.category : null,
      }),
    };
  });
}
