import type { Quiz } from '@quizbeam/contracts/quiz';

/** Hands out the next child id: takes `quiz.nextId` and returns the quiz with the counter incremented. */
export function takeId(quiz: Quiz): { quiz: Quiz; id: number } {
  return { quiz: { ...quiz, nextId: quiz.nextId + 1 }, id: quiz.nextId };
}
