import type { Quiz } from '@quizbeam/contracts/quiz';

/** Hands out the next child id: takes `quiz.nextId` and returns the quiz with the counter incremented. */
export function takeId(quiz: Quiz): { quiz: Quiz; id: number } {
  return { quiz: { ...quiz, nextId: quiz.nextId + 1 }, id: quiz.nextId };
}

/** Every child id in the quiz (questions, their answers, outcomes), in document order. */
export function childIds(quiz: Quiz): number[] {
  return [
    ...quiz.questions.flatMap((question) => [question.id, ...question.answers.map((answer) => answer.id)]),
    ...quiz.outcomes.map((outcome) => outcome.id),
  ];
}
