import { updateQuiz } from '@quizbeam/quiz-engine/updateQuiz';
import type { QuizChange } from './quizHistory';

type QuizFieldsPatch = Parameters<typeof updateQuiz>[1];

/** Top-level fields (name, start page texts, badge choice…), through the engine's updateQuiz. */
export const setQuizFields =
  (patch: QuizFieldsPatch): QuizChange =>
  (quiz) =>
    updateQuiz(quiz, patch);
