import type { NumberSettings, RatingScale } from '@quizbeam/contracts/questionSettings';
import type {
  Answer,
  FlowRule,
  OutcomeLink,
  Question,
  QuestionType,
  ValueRange,
} from '@quizbeam/contracts/quiz';
import { MAX_POINTS } from '@quizbeam/contracts/quizConstants';

/*
 * What each question type asks for and how its optional settings default. Choice types pick answers from
 * `answers`; value types (rating, number) take a number that falls into `ranges`; a text question takes text.
 */

export type QuestionKind = 'choice' | 'multi' | 'value' | 'text';

export function questionKind(type: QuestionType): QuestionKind {
  switch (type) {
    case 'multi_list':
    case 'image_multi_list':
      return 'multi';
    case 'rating':
    case 'number_input':
      return 'value';
    case 'text_input':
      return 'text';
    default:
      return 'choice';
  }
}

/** Whether the question's answers are pictures (the image types). */
export const hasImageAnswers = (type: QuestionType): boolean =>
  type === 'image_single_list' || type === 'image_multi_list';

export const DEFAULT_RATING_SCALE: RatingScale = { kind: 'stars', lowLabel: '', highLabel: '' };
export const DEFAULT_NUMBER_SETTINGS: NumberSettings = {
  min: 0,
  max: 100,
  step: 1,
  unit: '',
  display: 'field',
};

export const ratingScale = (question: Pick<Question, 'rating'>): RatingScale =>
  question.rating ?? DEFAULT_RATING_SCALE;

export const numberSettings = (question: Pick<Question, 'number'>): NumberSettings =>
  question.number ?? DEFAULT_NUMBER_SETTINGS;

/** The values a rating offers: 1 to 5 stars, or 0 to 10. */
export function ratingValues(scale: RatingScale): number[] {
  return scale.kind === 'stars' ? [1, 2, 3, 4, 5] : Array.from({ length: 11 }, (_, value) => value);
}

/** The lowest and highest value a value question accepts. */
export function valueBounds(question: Question): { min: number; max: number } {
  if (question.type === 'rating') {
    const values = ratingValues(ratingScale(question));
    return { min: values[0] ?? 0, max: values[values.length - 1] ?? 0 };
  }
  const { min, max } = numberSettings(question);
  return { min, max };
}

/** Multi-select: the fewest and most answers a visitor may choose, within the question's answers. */
export function selectionBounds(question: Pick<Question, 'selection' | 'answers'>): {
  min: number;
  max: number;
} {
  const count = question.answers.length;
  const max = Math.min(count, question.selection?.max ?? count);
  return { min: Math.min(max, question.selection?.min ?? 1), max };
}

/** A rating's default ranges: one per value, scoring its value (clamped to the points allowed). */
export function defaultRatingRanges(scale: RatingScale, next: () => FlowRule): ValueRange[] {
  return ratingValues(scale).map((value) => ({
    from: value,
    to: value,
    points: Math.min(MAX_POINTS, value),
    outcome: null,
    next: next(),
  }));
}

/** An answer's or range's outcome links: its `outcome` (weighted) and its extra links. */
export function outcomeLinks(
  item: Pick<Answer, 'outcome' | 'outcomeWeight' | 'extraOutcomes'>,
): OutcomeLink[] {
  const first = item.outcome === null ? [] : [{ outcome: item.outcome, weight: item.outcomeWeight ?? 1 }];
  return [...first, ...(item.extraOutcomes ?? [])];
}

/** The first range holding the value (ranges are inclusive at both ends), or null. */
export function rangeOf(question: Pick<Question, 'ranges'>, value: number): ValueRange | null {
  return question.ranges?.find((range) => range.from <= value && value <= range.to) ?? null;
}

/** Whether `value` is one a visitor can give: within the bounds and, for numbers, on a step from the minimum. */
export function isAcceptedValue(question: Question, value: number): boolean {
  const { min, max } = valueBounds(question);
  if (!Number.isFinite(value) || value < min || value > max) return false;
  if (question.type === 'rating') return Number.isInteger(value);
  const { step } = numberSettings(question);
  const steps = (value - min) / step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}
