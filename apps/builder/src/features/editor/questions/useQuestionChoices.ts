import type { Quiz } from '@quizbeam/contracts/quiz';
import { useCallback } from 'react';
import { sameOptions } from '../../../ui/dropdown/sameOptions';
import { useQuizSelectorWithEquality } from '../store/quizStoreHooks';
import { answerOutcomeOptions } from './answerOutcomeOptions';
import { nextOptions } from './flowRuleOptions';

/** The Next choices for a question and its answers; the same list object while their labels stay the same. */
export function useNextQuestionChoices(questionId: number) {
  return useQuizSelectorWithEquality(
    useCallback((quiz: Quiz) => nextOptions(quiz, questionId), [questionId]),
    sameOptions,
  );
}

/** The Outcome choices for answers; the same list object while the outcomes' ranks and names stay the same. */
export function useAnswerOutcomeChoices() {
  return useQuizSelectorWithEquality(answerOutcomeOptions, sameOptions);
}
