import { MAX_TEXT_ANSWER_LENGTH } from '@quizbeam/contracts/quizConstants';
import type { Answered } from '@quizbeam/contracts/visitorEvents';
import { questionKind } from '@quizbeam/quiz-engine/questionTypes';
import { selectionOf } from '../markup/choiceForms';
import { ANSWER_ERROR_ID } from '../markup/pageIds';
import { numberOf, tidyNumber } from '../markup/valueForms';
import type { PublishedQuestion } from '../playerData';
import { text } from '../visitorText';

/** What is wrong with a response, in the quiz's language (read when shown: the texts arrive with the page). */
export const RESPONSE_ERRORS = {
  choose: () => text('chooseAnswer'),
  chooseAtLeast: (min: number) => text('chooseAtLeast', { min }),
  chooseUpTo: (max: number) => text('chooseUpTo', { max }),
  rate: () => text('chooseRating'),
  number: () => text('enterNumber'),
  between: (min: number, max: number) => text('numberBetween', { min, max }),
  onStep: (step: number, below: number, above: number) => text('numberStep', { step, below, above }),
  text: () => text('enterAnswer'),
  tooLong: () => text('answerTooLong', { count: MAX_TEXT_ANSWER_LENGTH }),
};

/** Shows a problem with the response (or clears it with ''), focusing the control the visitor fixes. */
export function showResponseError(form: HTMLFormElement, message: string, focus = true): void {
  const slot = form.querySelector<HTMLElement>(`#${ANSWER_ERROR_ID}`);
  const control = form.querySelector<HTMLElement>('[name]');
  if (slot) {
    slot.textContent = message;
    slot.hidden = !message;
  }
  if (!control) return;
  const single = !(control instanceof HTMLInputElement && /checkbox|radio/.test(control.type));
  if (single && message) control.setAttribute('aria-invalid', 'true');
  else control.removeAttribute('aria-invalid');
  if (message && focus) control.focus();
}

/** What is wrong with a number, as the server's check (isAcceptedValue) sees it; '' when nothing. */
function numberProblem(question: PublishedQuestion, raw: string, value: number): string {
  const { min, max, step } = numberOf(question);
  if (!raw.trim() || !Number.isFinite(value)) return RESPONSE_ERRORS.number();
  if (value < min || value > max) return RESPONSE_ERRORS.between(min, max);
  const steps = (value - min) / step;
  if (Math.abs(steps - Math.round(steps)) < 1e-6) return '';
  const below = tidyNumber(min + Math.floor(steps) * step);
  return RESPONSE_ERRORS.onStep(step, below, tidyNumber(below + step));
}

/** The response the form holds, or a message saying what is missing. */
function responseOrProblem(question: PublishedQuestion, form: HTMLFormElement): Answered | string {
  const data = new FormData(form);
  const questionId = question.id;
  const kind = questionKind(question.type);
  if (kind === 'text') {
    const text = String(data.get('text') ?? '').trim();
    if (text.length > MAX_TEXT_ANSWER_LENGTH) return RESPONSE_ERRORS.tooLong();
    return text || question.optional ? { questionId, text } : RESPONSE_ERRORS.text();
  }
  if (kind === 'value') {
    const raw = String(data.get('value') ?? '');
    const value = Number(raw);
    if (question.type === 'rating') return raw ? { questionId, value } : RESPONSE_ERRORS.rate();
    return numberProblem(question, raw, value) || { questionId, value };
  }
  const ids = data.getAll('answer').map(Number);
  if (kind === 'choice')
    return ids[0] === undefined ? RESPONSE_ERRORS.choose() : { questionId, answerId: ids[0] };
  const { min, max } = selectionOf(question);
  if (ids.length < Math.max(1, min))
    return min > 1 ? RESPONSE_ERRORS.chooseAtLeast(min) : RESPONSE_ERRORS.choose();
  if (ids.length > max) return RESPONSE_ERRORS.chooseUpTo(max);
  // The checkboxes are in list order, the order the server expects.
  return { questionId, answerIds: ids };
}

/** Reads and checks the answer form; shows what is wrong and focuses its control when it cannot be sent. */
export function readResponse(question: PublishedQuestion, form: HTMLFormElement): Answered | null {
  const response = responseOrProblem(question, form);
  showResponseError(form, typeof response === 'string' ? response : '');
  return typeof response === 'string' ? null : response;
}
