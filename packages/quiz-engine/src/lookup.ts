import type { Outcome, Question, Quiz } from '@quizbeam/contracts/quiz';

export function findQuestion(quiz: Quiz, questionId: number): Question | undefined {
  return quiz.questions.find((question) => question.id === questionId);
}

export function findOutcome(quiz: Quiz, outcomeId: number): Outcome | undefined {
  return quiz.outcomes.find((outcome) => outcome.id === outcomeId);
}

/**
 * The quiz with one question replaced by `change(question)`; the same quiz object when the question does
 * not exist or `change` returns the question unchanged.
 */
export function withQuestion(quiz: Quiz, questionId: number, change: (question: Question) => Question): Quiz {
  const index = quiz.questions.findIndex((question) => question.id === questionId);
  const question = quiz.questions[index];
  if (!question) return quiz;
  const changed = change(question);
  if (changed === question) return quiz;
  return { ...quiz, questions: quiz.questions.with(index, changed) };
}

/** Like `withQuestion`, for an outcome. */
export function withOutcome(quiz: Quiz, outcomeId: number, change: (outcome: Outcome) => Outcome): Quiz {
  const index = quiz.outcomes.findIndex((outcome) => outcome.id === outcomeId);
  const outcome = quiz.outcomes[index];
  if (!outcome) return quiz;
  const changed = change(outcome);
  if (changed === outcome) return quiz;
  return { ...quiz, outcomes: quiz.outcomes.with(index, changed) };
}
