import type { Question, Quiz } from '@quizbeam/contracts/quiz';
import { findQuestion } from '@quizbeam/quiz-engine/lookup';
import { useCallback } from 'react';
import { useQuizSelectorWithEquality } from '../store/quizStoreHooks';

/** What the question pane shows besides the text, which its own field reads. */
export type QuestionSettings = Omit<Question, 'text'>;

const settingKeys = [
  'id',
  'rank',
  'type',
  'image',
  'next',
  'answers',
  'selection',
  'rating',
  'number',
  'ranges',
  'multiline',
  'optional',
  'category',
] as const satisfies readonly (keyof QuestionSettings)[];

const sameSettings = (first: QuestionSettings | null, second: QuestionSettings | null) =>
  first === second ||
  (first !== null && second !== null && settingKeys.every((key) => first[key] === second[key]));

/** The question's settings; the same object while only its text changes, so typing leaves the pane alone. */
export function useQuestionSettings(questionId: number): QuestionSettings | null {
  return useQuizSelectorWithEquality(
    useCallback(
      (quiz: Quiz) => {
        const question = findQuestion(quiz, questionId);
        if (!question) return null;
        const { text: _text, ...settings } = question;
        return settings;
      },
      [questionId],
    ),
    sameSettings,
  );
}
