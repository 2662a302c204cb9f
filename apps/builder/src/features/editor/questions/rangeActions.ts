import type { Question, ValueRange } from '@quizbeam/contracts/quiz';
import { MAX_VALUE_RANGES } from '@quizbeam/contracts/quizConstants';
import { answerDefaultRule } from '@quizbeam/quiz-engine/newQuiz';
import { numberSettings } from '@quizbeam/quiz-engine/questionTypes';
import type { QuizChange } from '../store/quizHistory';
import { patchQuestion } from './questionActions';

export type RangePatch = Partial<ValueRange>;

const blankRange = (from: number, to: number): ValueRange => ({
  from,
  to,
  points: 0,
  outcome: null,
  next: answerDefaultRule(),
});

/** Steps add up with floating-point noise (0.1 + 0.2); a bound is kept to ten decimals. */
const tidy = (value: number) => Number(value.toFixed(10));

/** Patches the range at `index`; an index the question no longer has changes nothing. */
export const updateRangeAt = (questionId: number, index: number, patch: RangePatch): QuizChange =>
  patchQuestion(questionId, (question) => {
    const range = question.ranges?.[index];
    return range ? { ranges: (question.ranges ?? []).with(index, { ...range, ...patch }) } : {};
  });

export const removeRangeAt = (questionId: number, index: number): QuizChange =>
  patchQuestion(questionId, (question) => ({
    ranges: (question.ranges ?? []).filter((_, position) => position !== index),
  }));

/** A new range of a number question: from one step after the last range (or the minimum) to the maximum. */
export function nextRange(question: Pick<Question, 'number' | 'ranges'>): ValueRange {
  const { min, max, step } = numberSettings(question);
  const last = question.ranges?.at(-1);
  const from = last ? Math.min(tidy(last.to + step), max) : min;
  return blankRange(from, max);
}

export const addRange = (questionId: number): QuizChange =>
  patchQuestion(questionId, (question) =>
    (question.ranges ?? []).length >= MAX_VALUE_RANGES
      ? {}
      : { ranges: [...(question.ranges ?? []), nextRange(question)] },
  );

/**
 * Patches what a rating value gives: the range that applies to it, or a new range for that value alone when
 * none does (the ranges were made elsewhere and leave it out).
 */
export const updateRatingValue = (questionId: number, value: number, patch: RangePatch): QuizChange =>
  patchQuestion(questionId, (question) => {
    const ranges = question.ranges ?? [];
    const index = ranges.findIndex((range) => range.from <= value && value <= range.to);
    const range = ranges[index];
    return range
      ? { ranges: ranges.with(index, { ...range, ...patch }) }
      : { ranges: [...ranges, { ...blankRange(value, value), ...patch }] };
  });
