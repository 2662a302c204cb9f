import { hasImageAnswers } from '@quizbeam/quiz-engine/questionTypes';
import type { PublishedAnswer, PublishedQuestion } from '../playerData';
import { text } from '../visitorText';
import { answerContentHtml } from './answerContent';
import { escapeHtml } from './escapeHtml';
import { ANSWER_ERROR_ID, CHOICE_HINT_ID, HEADING_ID, MATCHES_ID, OPTIONS_ID, SEARCH_ID } from './pageIds';

/** How many answers a multi-select question takes, at most all of them (1 to all when unset). */
export const selectionOf = (question: PublishedQuestion): { min: number; max: number } =>
  question.selection ?? { min: 1, max: question.answers.length };

/** The line under a multi-select question saying how many answers to choose. */
export function selectionHint(question: PublishedQuestion): string {
  const { min, max } = selectionOf(question);
  if (min === max) return text('chooseExactly', { count: min });
  if (max < question.answers.length)
    return min > 1 ? text('chooseBetween', { min, max }) : text('chooseUpTo', { max });
  return min > 1 ? text('chooseAtLeast', { min }) : text('chooseAny');
}

/** Several answers: a group of native checkboxes named by the question and the hint. */
export function multiChoiceHtml(question: PublishedQuestion, chosen: readonly number[]): string {
  const withImages = hasImageAnswers(question.type);
  const options = question.answers
    .map(
      (answer, index) =>
        `<label class="qb-option"><input type="checkbox" name="answer" value="${answer.id}"` +
        `${chosen.includes(answer.id) ? ' checked' : ''}>${answerContentHtml(answer, withImages, index + 1)}</label>`,
    )
    .join('');
  return (
    `<fieldset class="qb-group" aria-labelledby="${HEADING_ID} ${CHOICE_HINT_ID}" aria-describedby="${ANSWER_ERROR_ID}">` +
    `<legend id="${CHOICE_HINT_ID}" class="qb-small">${escapeHtml(selectionHint(question))}</legend>` +
    `<div class="qb-answers${withImages ? ' qb-answers--images' : ''}">${options}</div>` +
    '</fieldset>'
  );
}

/** A dropdown's options (the ones a search leaves), the chosen one selected. */
export const dropdownOptionsHtml = (answers: readonly PublishedAnswer[], chosen: number | null): string =>
  answers
    .map(
      (answer) =>
        `<option value="${answer.id}"${answer.id === chosen ? ' selected' : ''}>${escapeHtml(answer.text)}</option>`,
    )
    .join('');

/**
 * One choice from a long list: a native list box (arrow keys, type-ahead) under a search box that narrows it
 * down, the number of matches announced.
 */
export function dropdownHtml(question: PublishedQuestion, chosen: number | null): string {
  const size = Math.min(8, Math.max(2, question.answers.length));
  return (
    `<div class="qb-field"><label for="${SEARCH_ID}">${escapeHtml(text('searchAnswers'))}</label>` +
    `<input id="${SEARCH_ID}" type="search" autocomplete="off" aria-controls="${OPTIONS_ID}" aria-describedby="${MATCHES_ID}"></div>` +
    `<div class="qb-field"><select id="${OPTIONS_ID}" name="answer" size="${size}" aria-labelledby="${HEADING_ID}" aria-describedby="${ANSWER_ERROR_ID}">` +
    `${dropdownOptionsHtml(question.answers, chosen)}</select></div>` +
    `<p id="${MATCHES_ID}" class="qb-small" aria-live="polite"></p>`
  );
}
