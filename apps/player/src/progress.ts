import type { Quiz } from '@quizbeam/contracts/quiz';

export interface Progress {
  step: number;
  total: number;
}

/**
 * Where the visitor is: the current question's step on their own path, out of that step plus the questions
 * still ahead in list order. Exact for quizzes that follow the list; with jumps it is the best estimate
 * the page can make without knowing the answers to come.
 */
export function questionProgress(quiz: Quiz, answeredQuestionIds: number[], currentId: number): Progress {
  const answered = new Set(answeredQuestionIds);
  const current = quiz.questions.find((question) => question.id === currentId);
  const step = answeredQuestionIds.length + 1;
  if (!current) return { step, total: step };
  const ahead = quiz.questions.filter(
    (question) => question.rank > current.rank && !answered.has(question.id) && question.id !== currentId,
  ).length;
  return { step, total: step + ahead };
}

export const progressLabel = ({ step, total }: Progress): string => `Question ${step} of ${total}`;
