import { MAX_TEXT_ANSWER_LENGTH } from '@quizbeam/contracts/quizConstants';
import type { Answered } from '@quizbeam/contracts/visitorEvents';
import type { PublishedQuestion } from '../playerData';
import { text } from '../visitorText';
import { dropdownHtml, multiChoiceHtml } from './choiceForms';
import { escapeHtml } from './escapeHtml';
import { ANSWER_ERROR_ID, HEADING_ID } from './pageIds';
import { numberHtml, ratingHtml } from './valueForms';

/** Marks the form of a question answered with Next (every type but single choice). */
export const RESPONSE_FORM_ATTRIBUTE = 'data-response';

const TEXT_ID = 'qb-answer-text';
const TEXT_HINT_ID = 'qb-answer-hint';

/** A text question: one line or several, up to the length the server takes; an optional one may stay empty. */
function textHtml(question: PublishedQuestion, given: string): string {
  const optional = question.optional === true;
  const attributes =
    `id="${TEXT_ID}" name="text" maxlength="${MAX_TEXT_ANSWER_LENGTH}" aria-labelledby="${HEADING_ID}" ` +
    `aria-describedby="${optional ? `${TEXT_HINT_ID} ` : ''}${ANSWER_ERROR_ID}"${optional ? '' : ' required'}`;
  const control = question.multiline
    ? `<textarea ${attributes} rows="5">${escapeHtml(given)}</textarea>`
    : `<input ${attributes} type="text" value="${escapeHtml(given)}">`;
  const hint = optional ? `<p id="${TEXT_HINT_ID}" class="qb-small">${escapeHtml(text('optional'))}</p>` : '';
  return `<div class="qb-field">${control}${hint}</div>`;
}

function bodyHtml(question: PublishedQuestion, response: Answered | undefined): string {
  const value = response && 'value' in response ? response.value : null;
  switch (question.type) {
    case 'multi_list':
    case 'image_multi_list':
      return multiChoiceHtml(question, response && 'answerIds' in response ? response.answerIds : []);
    case 'dropdown':
      return dropdownHtml(question, response && 'answerId' in response ? response.answerId : null);
    case 'rating':
      return ratingHtml(question, value);
    case 'number_input':
      return numberHtml(question, value);
    default:
      return textHtml(question, response && 'text' in response ? response.text : '');
  }
}

/**
 * The answer form of a question that takes more than one click (several answers, a rating, a number, a
 * long list, a text), with the earlier response filled in, a message slot and Next.
 */
export function responseFormHtml(question: PublishedQuestion, response?: Answered): string {
  return (
    `<form class="qb-form" novalidate ${RESPONSE_FORM_ATTRIBUTE}>` +
    bodyHtml(question, response) +
    `<p id="${ANSWER_ERROR_ID}" class="qb-error" role="alert" hidden></p>` +
    `<button type="submit" class="qb-btn">${escapeHtml(text('next'))}</button>` +
    '</form>'
  );
}
