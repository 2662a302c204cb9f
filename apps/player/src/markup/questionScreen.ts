import type { Answered } from '@quizbeam/contracts/visitorEvents';
import { answerButtonsHtml, isSingleChoice, type QuestionPlace, questionFrameHtml } from './questionFrame';
import { responseFormHtml } from './responseForm';

export interface QuestionScreen extends QuestionPlace {
  /** The visitor's earlier response to this question (after Back or Forward), shown again. */
  response?: Answered | undefined;
}

/**
 * A question with a progress bar and, after the first question, Back: a single choice's answers as buttons,
 * any other type as a form with its Next button.
 */
export function questionScreenHtml(screen: QuestionScreen): string {
  const { question, response } = screen;
  return questionFrameHtml(
    screen,
    isSingleChoice(question) ? answerButtonsHtml(question) : responseFormHtml(question, response),
  );
}
