import type { IncompleteItem } from '@quizbeam/contracts/publishing';
import type { FlowRule, Quiz } from '@quizbeam/contracts/quiz';
import { outcomelessFinishAnswerIds } from './flowGraph';
import { sortByRank } from './ranks';

const MISSING_TARGET = 'points at a question that no longer exists';
const pointsAtMissing = (rule: FlowRule, questionIds: ReadonlySet<number>) =>
  rule.behaviour === 'specific_question' && (rule.target === null || !questionIds.has(rule.target));

/**
 * What the Publish screen lists with Complete buttons: outcomes first, then questions, each by rank, with
 * plain reasons. Rules:
 * - a question needs text and at least one answer;
 * - each answer needs text (text question) or an image (image question);
 * - general quiz with outcomes: an answer without an outcome is incomplete when a respondent could finish
 *   the quiz without choosing any answer that links an outcome and this answer is on such a walk (see
 *   `outcomelessFinishAnswerIds`); answers without an outcome are fine when every path meets a linked one;
 * - no question or answer rule may jump to a question that no longer exists;
 * - scored quiz: an outcome needs both ends of its score interval, `from` not above `to`;
 * - a redirect outcome needs a URL.
 */
export function incompleteItems(quiz: Quiz): IncompleteItem[] {
  const items: IncompleteItem[] = [];
  for (const outcome of sortByRank(quiz.outcomes)) {
    const reasons: string[] = [];
    if (quiz.type === 'scored') {
      const { from, to } = outcome.scoreRange;
      if (from === null || to === null) reasons.push('Set both ends of the score interval.');
      else if (from > to) reasons.push('The score interval ends before it starts.');
    }
    if (outcome.type === 'redirect' && outcome.redirect.trim() === '')
      reasons.push('Enter the redirect URL.');
    if (reasons.length > 0) items.push({ kind: 'outcome', id: outcome.id, rank: outcome.rank, reasons });
  }
  const questionIds = new Set(quiz.questions.map((question) => question.id));
  const outcomeless =
    quiz.type === 'general' && quiz.outcomes.length > 0
      ? outcomelessFinishAnswerIds(quiz)
      : new Set<number>();
  for (const question of sortByRank(quiz.questions)) {
    const reasons: string[] = [];
    if (question.text.trim() === '') reasons.push('Enter the question text.');
    if (question.answers.length === 0) reasons.push('Add at least one answer.');
    if (pointsAtMissing(question.next, questionIds))
      reasons.push(`The question’s next step ${MISSING_TARGET}.`);
    question.answers.forEach((answer, index) => {
      const label = `Answer ${index + 1}`;
      if (question.type === 'single_list' && answer.text.trim() === '') reasons.push(`${label} has no text.`);
      if (question.type === 'image_single_list' && answer.image === null)
        reasons.push(`${label} has no image.`);
      if (outcomeless.has(answer.id)) {
        reasons.push(
          `${label} has no outcome, and a respondent can finish without picking any answer that has one.`,
        );
      }
      if (pointsAtMissing(answer.next, questionIds)) reasons.push(`${label}’s next step ${MISSING_TARGET}.`);
    });
    if (reasons.length > 0) items.push({ kind: 'question', id: question.id, rank: question.rank, reasons });
  }
  return items;
}

/** At least one question and one outcome, and nothing incomplete: the one rule Publish applies. */
export function isPublishable(quiz: Quiz): boolean {
  return quiz.questions.length > 0 && quiz.outcomes.length > 0 && incompleteItems(quiz).length === 0;
}
