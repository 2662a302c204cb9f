import type { QuestionType, QuizType } from '@quizbeam/contracts/quiz';
import { createContext, useContext } from 'react';
import type { DropdownOption } from '../../../ui/dropdown/filterOptions';

/**
 * What every answer card (and value range) of the selected question shows besides its own item. The question
 * pane computes it once and hands it down through context, so the memoised rows re-render only when it
 * changes, not on each keystroke in the question's text.
 */
export interface AnswerCardSettings {
  questionId: number;
  questionType: QuestionType;
  quizType: QuizType;
  /** The answers' (and ranges') Next choices, whose default names what the question does after it. */
  nextChoices: DropdownOption<string>[];
  outcomeChoices: DropdownOption<string>[];
}

export const AnswerCardContext = createContext<AnswerCardSettings | null>(null);

export function useAnswerCardSettings(): AnswerCardSettings {
  const settings = useContext(AnswerCardContext);
  if (!settings) throw new Error('Answer cards and ranges are only shown inside a question pane');
  return settings;
}
