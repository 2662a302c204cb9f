import type { Answered } from '@quizbeam/contracts/visitorEvents';
import { responseFormHtml } from '../markup/responseForm';
import type { PublishedQuestion } from '../playerData';
import { onAnswerInput, onAnswerKey } from './answerControls';
import { readResponse } from './readResponse';

/**
 * The forms of every question type but single choice: their markup, reading and live behaviour. Only the
 * player builds that may meet such questions carry them (see playerScriptFor), so a quiz of single choices
 * downloads none of it.
 */
export interface AnswerForms {
  html(question: PublishedQuestion, response: Answered | undefined): string;
  read(question: PublishedQuestion, form: HTMLFormElement): Answered | null;
  onInput(question: PublishedQuestion, event: Event): void;
  onKey(event: KeyboardEvent): void;
}

export const answerForms: AnswerForms = {
  html: responseFormHtml,
  read: readResponse,
  onInput: onAnswerInput,
  onKey: onAnswerKey,
};
