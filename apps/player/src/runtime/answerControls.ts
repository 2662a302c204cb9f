import { dropdownOptionsHtml, selectionOf } from '../markup/choiceForms';
import { MATCHES_ID, OPTIONS_ID, SEARCH_ID, VALUE_ID, VALUE_SHOWN_ID } from '../markup/pageIds';
import { numberOf, valueText } from '../markup/valueForms';
import type { PublishedQuestion } from '../playerData';
import { text } from '../visitorText';
import { RESPONSE_ERRORS, showResponseError } from './readResponse';

/** Case and accents aside: "cote" finds "Côte d’Ivoire". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export const matchesText = (count: number): string =>
  count === 0 ? text('noMatches') : text('matches', { count });

/** The dropdown's list narrowed to the answers holding the search text, the choice kept when it still shows. */
function filterOptions(question: PublishedQuestion, form: HTMLFormElement, query: string): void {
  const list = form.querySelector<HTMLSelectElement>(`#${OPTIONS_ID}`);
  const count = form.querySelector<HTMLElement>(`#${MATCHES_ID}`);
  if (!list || !count) return;
  const needle = folded(query.trim());
  const matches = question.answers.filter((answer) => folded(answer.text).includes(needle));
  list.innerHTML = dropdownOptionsHtml(matches, list.value ? Number(list.value) : null);
  count.textContent = needle ? matchesText(matches.length) : '';
}

/**
 * The answer form's live behaviour, from the root's input and change events: a tick past the maximum is
 * undone and the limit announced, the slider's shown and spoken value follows it, the search narrows the list.
 */
export function onAnswerInput(question: PublishedQuestion, event: Event): void {
  const target = event.target;
  if (!(target instanceof HTMLInputElement) || !target.form) return;
  const form = target.form;
  if (target.type === 'checkbox' && event.type === 'change') {
    const { max } = selectionOf(question);
    const over = form.querySelectorAll('input[name="answer"]:checked').length > max;
    if (over) target.checked = false;
    showResponseError(form, over ? RESPONSE_ERRORS.chooseUpTo(max) : '', false);
    return;
  }
  if (event.type !== 'input') return;
  if (target.id === VALUE_ID && target.type === 'range') {
    const text = valueText(Number(target.value), numberOf(question).unit);
    target.setAttribute('aria-valuetext', text);
    const shown = form.querySelector(`#${VALUE_SHOWN_ID}`);
    if (shown) shown.textContent = text;
  } else if (target.id === SEARCH_ID) {
    filterOptions(question, form, target.value);
  }
}

/** Keyboard paths through the dropdown: Down from the search into the list, Enter in the list for Next. */
export function onAnswerKey(event: KeyboardEvent): void {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return;
  if (target.id === SEARCH_ID && event.key === 'ArrowDown') {
    const list = target.ownerDocument.getElementById(OPTIONS_ID);
    if (!(list instanceof HTMLSelectElement) || list.options.length === 0) return;
    event.preventDefault();
    if (list.selectedIndex < 0) list.selectedIndex = 0;
    list.focus();
  } else if (target instanceof HTMLSelectElement && target.id === OPTIONS_ID && event.key === 'Enter') {
    event.preventDefault();
    target.form?.requestSubmit();
  }
}
