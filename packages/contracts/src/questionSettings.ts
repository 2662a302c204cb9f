import { z } from 'zod';
import type { Question } from './quiz';
import { MAX_ANSWERS_PER_QUESTION, NUMBER_INPUT_LIMIT } from './quizConstants';

/*
 * The settings of the rating and number question types, and the contradictions in a question's settings that
 * the quiz schema refuses (the editor shows the same texts beside the field).
 */

const finiteNumber = z.number().min(-NUMBER_INPUT_LIMIT).max(NUMBER_INPUT_LIMIT);

export const ratingScaleSchema = z.object({
  /** stars: 1 to 5; zero_to_ten: 0 to 10 (a Net Promoter Score style scale). */
  kind: z.enum(['stars', 'zero_to_ten']),
  lowLabel: z.string().max(100),
  highLabel: z.string().max(100),
});
export type RatingScale = z.infer<typeof ratingScaleSchema>;

export const numberSettingsSchema = z.object({
  min: finiteNumber,
  max: finiteNumber,
  step: z.number().positive().max(NUMBER_INPUT_LIMIT),
  unit: z.string().max(20),
  display: z.enum(['slider', 'field']),
});
export type NumberSettings = z.infer<typeof numberSettingsSchema>;

export const SELECTION_ORDER_MESSAGE = 'The minimum number of choices must not be above the maximum.';
export const RANGE_ORDER_MESSAGE = 'The range must not end before it starts.';
export const NUMBER_BOUNDS_MESSAGE = 'The maximum must be above the minimum.';
export const DROPDOWN_ONLY_MESSAGE = `Only a dropdown may have more than ${MAX_ANSWERS_PER_QUESTION} answers.`;

/**
 * What makes a question's own settings contradict themselves, with the field's path inside the question:
 * the quiz schema refuses such a question (a 400 naming the field) and the editor shows the same texts.
 */
export function questionProblems(question: Question): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const { selection, number, ranges } = question;
  if (question.type !== 'dropdown' && question.answers.length > MAX_ANSWERS_PER_QUESTION)
    problems.push({ path: ['answers'], message: DROPDOWN_ONLY_MESSAGE });
  if (selection && selection.min !== null && selection.max !== null && selection.min > selection.max)
    problems.push({ path: ['selection', 'min'], message: SELECTION_ORDER_MESSAGE });
  if (number && number.min >= number.max)
    problems.push({ path: ['number', 'max'], message: NUMBER_BOUNDS_MESSAGE });
  ranges?.forEach((range, r) => {
    if (range.from > range.to) problems.push({ path: ['ranges', r, 'to'], message: RANGE_ORDER_MESSAGE });
  });
  return problems;
}
