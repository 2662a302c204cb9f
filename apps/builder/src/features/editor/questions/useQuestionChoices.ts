import type { Quiz } from '@quizbeam/contracts/quiz';
import { useCallback } from 'react';
import { sameOptions } from '../../../ui/dropdown/sameOptions';
import { useQuizSelectorWithEquality } from '../store/quizStoreHooks';
import { answerOutcomeOptions } from './answerOutcomeOptions';
import { answerNextOptions, questionNextOptions } from './flowRuleOptions';

/** The After This Question choices of a question; the same list object while their labels stay the same. */
export function useQuestionNextChoices(questionId: number) {
  return useQuizSelectorWithEquality(
    useCallback((quiz: Quiz) => questionNextOptions(quiz, questionId), [questionId]),
    sameOptions,
  );
}

/** The Next choices of a question's answers, whose default names the question's own rule. */
export function useAnswerNextChoices(questionId: number) {
  return useQuizSelectorWithEquality(
    useCallback((quiz: Quiz) => answerNextOptions(quiz, questionId), [questionId]),
    sameOptions,
  );
}

/** The Outcome choices for answers; the same list object while the outcomes' ranks and names stay the same. */
export function useAnswerOutcomeChoices() {
  return useQuizSelectorWithEquality(answerOutcomeOptions, sameOptions);
}
