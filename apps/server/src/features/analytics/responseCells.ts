import type { CategoryScore } from '@quizbeam/contracts/categoryScores';
import type { Question } from '@quizbeam/contracts/quiz';
import type { VisitAnswer } from '@quizbeam/db/analyticsSchema';
import { numberSettings } from '@quizbeam/quiz-engine/questionTypes';

/** Several answers of one question share a cell, in the question's order. */
export const ANSWER_SEPARATOR = '; ';

/*
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first) gets a
 * leading apostrophe: answers, names and UTM values come from visitors or marketers (OWASP's advice).
 */
export function inertText(value: string | null | undefined): string {
  if (!value) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A visit's answer to a question as the quiz labels it now: the answer's label, the labels of the answers
 * chosen (answers since removed left out), a value with the question's unit, or the text as typed.
 */
export function answerCell(
  question: Question,
  labels: ReadonlyMap<number, string>,
  answer: VisitAnswer | undefined,
): string | number {
  if (answer === undefined) return '';
  if (typeof answer === 'number') return inertText(labels.get(answer));
  if (Array.isArray(answer)) {
    const chosen = new Set(answer);
    const names = question.answers.filter((candidate) => chosen.has(candidate.id));
    return inertText(names.map((candidate) => labels.get(candidate.id) ?? '').join(ANSWER_SEPARATOR));
  }
  if ('text' in answer) return inertText(answer.text);
  const unit = question.type === 'number_input' ? numberSettings(question).unit.trim() : '';
  // A bare number is data to a spreadsheet; with the marketer's unit after it, it is text and is made inert.
  return unit === '' ? answer.value : inertText(`${answer.value} ${unit}`);
}

/** A category's cell: its score and percentage ("8 (80%)"); empty when the visit has none for it. */
export function categoryCell(score: CategoryScore | undefined): string {
  return score ? `${score.score} (${score.percent}%)` : '';
}
