import type { IncompleteItem } from '@quizbeam/contracts/publishing';
import type { FlowRule, Outcome, Quiz } from '@quizbeam/contracts/quiz';
import { isWebAddress } from '@quizbeam/contracts/webAddress';
import { outcomelessFinishAnswerIds } from './flowGraph';
import { hasImageAnswers, questionKind } from './questionTypes';
import { sortByRank } from './ranks';

const MISSING_TARGET = 'points at a question that no longer exists';
const pointsAtMissing = (rule: FlowRule, questionIds: ReadonlySet<number>) =>
  rule.behaviour === 'specific_question' && (rule.target === null || !questionIds.has(rule.target));

export const INVERTED_SCORE_RANGE_TEXT = 'The score interval ends before it starts.';
export const EMPTY_OUTCOME_TEXT = 'Add a title or a description, so visitors see a result.';
export const REDIRECT_URL_REQUIRED_TEXT = 'Enter the redirect URL.';
const invalidAddress = (field: string) => `Enter a valid ${field}, starting with http:// or https://.`;
export const INVALID_REDIRECT_URL_TEXT = invalidAddress('redirect URL');
export const INVALID_CTA_LINK_TEXT = invalidAddress('CTA link');
export const INVALID_PRIVACY_POLICY_URL_TEXT = invalidAddress('privacy policy URL');

/** An optional address (empty shows no link) must be one a visitor can follow once it is filled in. */
const isBadOptionalAddress = (text: string) => text.trim() !== '' && !isWebAddress(text);

function outcomeReasons(quiz: Quiz, outcome: Outcome): string[] {
  const reasons: string[] = [];
  if (quiz.type === 'scored') {
    const { from, to } = outcome.scoreRange;
    if (from === null || to === null) reasons.push('Set both ends of the score interval.');
    else if (from > to) reasons.push(INVERTED_SCORE_RANGE_TEXT);
  }
  if (outcome.type === 'redirect') {
    if (outcome.redirect.trim() === '') reasons.push(REDIRECT_URL_REQUIRED_TEXT);
    else if (!isWebAddress(outcome.redirect)) reasons.push(INVALID_REDIRECT_URL_TEXT);
  } else {
    const hasDescription = outcome.descriptions.some((description) => description.trim() !== '');
    if (outcome.name.trim() === '' && !hasDescription) reasons.push(EMPTY_OUTCOME_TEXT);
    if (outcome.enableCta && isBadOptionalAddress(outcome.ctaUrl)) reasons.push(INVALID_CTA_LINK_TEXT);
  }
  const { enabled, usePerOutcomeSettings } = quiz.leadCaptureSettings;
  if (enabled && usePerOutcomeSettings && isBadOptionalAddress(outcome.leadCaptureSettings.privacyPolicyUrl))
    reasons.push(INVALID_PRIVACY_POLICY_URL_TEXT);
  return reasons;
}

/**
 * What the Publish screen lists with Complete buttons: the capture form first, then outcomes, then
 * questions, each by rank, with plain reasons. Rules:
 * - a question needs text, and a choice or multi-select one at least one answer;
 * - each answer needs text (text answers) or an image (the image types);
 * - general quiz with outcomes: an answer without an outcome is incomplete when a respondent could finish
 *   the quiz without choosing any answer that links an outcome and this answer is on such a walk (see
 *   `outcomelessFinishAnswerIds`); answers without an outcome are fine when every path meets a linked one;
 * - no question or answer rule may jump to a question that no longer exists;
 * - scored quiz: an outcome needs both ends of its score interval, `from` not above `to`;
 * - a text outcome needs a title or a non-empty description (else visitors finish on an empty card), and
 *   an enabled CTA's link, when filled in, must be a web address (`@quizbeam/contracts/webAddress`);
 * - a redirect outcome needs a web address;
 * - with lead capture on, the privacy policy URL (the quiz's, and each outcome's when the settings are per
 *   outcome), when filled in, must be a web address (the capture form, id 0, for the quiz's).
 */
export function incompleteItems(quiz: Quiz): IncompleteItem[] {
  const items: IncompleteItem[] = [];
  const { enabled, privacyPolicyUrl } = quiz.leadCaptureSettings;
  if (enabled && isBadOptionalAddress(privacyPolicyUrl))
    items.push({ kind: 'capture_form', id: 0, rank: 0, reasons: [INVALID_PRIVACY_POLICY_URL_TEXT] });
  for (const outcome of sortByRank(quiz.outcomes)) {
    const reasons = outcomeReasons(quiz, outcome);
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
    const kind = questionKind(question.type);
    const picksAnswers = kind === 'choice' || kind === 'multi';
    if (picksAnswers && question.answers.length === 0) reasons.push('Add at least one answer.');
    if (pointsAtMissing(question.next, questionIds))
      reasons.push(`The question’s next step ${MISSING_TARGET}.`);
    if (kind === 'value') {
      question.ranges?.forEach((range, index) => {
        if (pointsAtMissing(range.next, questionIds))
          reasons.push(`Range ${index + 1}’s next step ${MISSING_TARGET}.`);
      });
    }
    if (picksAnswers)
      question.answers.forEach((answer, index) => {
        const label = `Answer ${index + 1}`;
        const pictured = hasImageAnswers(question.type);
        if (!pictured && answer.text.trim() === '') reasons.push(`${label} has no text.`);
        if (pictured && answer.image === null) reasons.push(`${label} has no image.`);
        if (outcomeless.has(answer.id)) {
          reasons.push(
            `${label} has no outcome, and a respondent can finish without picking any answer that has one.`,
          );
        }
        if (pointsAtMissing(answer.next, questionIds))
          reasons.push(`${label}’s next step ${MISSING_TARGET}.`);
      });
    if (reasons.length > 0) items.push({ kind: 'question', id: question.id, rank: question.rank, reasons });
  }
  return items;
}

/** At least one question and one outcome, and nothing incomplete: the one rule Publish applies. */
export function isPublishable(quiz: Quiz): boolean {
  return quiz.questions.length > 0 && quiz.outcomes.length > 0 && incompleteItems(quiz).length === 0;
}
