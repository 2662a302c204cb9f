import type { Question, Quiz } from '@quizbeam/contracts/quiz';
import { findQuestion } from '@quizbeam/quiz-engine/lookup';
import { useCallback } from 'react';
import { useQuizSelectorWithEquality } from '../store/quizStoreHooks';

/** What the question pane shows besides the text, which its own field reads. */
export type QuestionSettings = Pick<Question, 'id' | 'rank' | 'type' | 'image' | 'next' | 'answers'>;

const sameSettings = (first: QuestionSettings | null, second: QuestionSettings | null) =>
  first === second ||
  (first !== null &&
    second !== null &&
    first.id === second.id &&
    first.rank === second.rank &&
    first.type === second.type &&
    first.image === second.image &&
    first.next === second.next &&
    first.answers === second.answers);

/** The question's settings; the same object while only its text changes, so typing leaves the pane alone. */
export function useQuestionSettings(questionId: number): QuestionSettings | null {
  return useQuizSelectorWithEquality(
    useCallback(
      (quiz: Quiz) => {
        const question = findQuestion(quiz, questionId);
        if (!question) return null;
        const { id, rank, type, image, next, answers } = question;
        return { id, rank, type, image, next, answers };
      },
      [questionId],
    ),
    sameSettings,
  );
}
