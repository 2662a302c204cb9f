import type { Question } from '@quizbeam/contracts/quiz';
import { findQuestion } from '@quizbeam/quiz-engine/lookup';
import { type QuestionPatch, updateQuestion } from '@quizbeam/quiz-engine/questions';
import type { QuizChange } from '../store/quizHistory';

/**
 * A patch worked out from the question as it is when the change applies (not as the screen last drew it), so
 * that settings edited together, such as a minimum and a maximum, never overwrite each other.
 */
export const patchQuestion =
  (questionId: number, patchOf: (question: Question) => QuestionPatch): QuizChange =>
  (quiz) => {
    const question = findQuestion(quiz, questionId);
    return question ? updateQuestion(quiz, questionId, patchOf(question)) : quiz;
  };
