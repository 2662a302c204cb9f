import { questionProblems } from '@quizbeam/contracts/questionSettings';
import type { Question } from '@quizbeam/contracts/quiz';

export type QuestionProblem = ReturnType<typeof questionProblems>[number];

/** What contradicts itself in the question's settings (its text plays no part). */
export const settingsProblems = (settings: Omit<Question, 'text'>): QuestionProblem[] =>
  questionProblems({ ...settings, text: '' });

/** The problem at exactly `path` inside the question, or null. */
export function problemAt(problems: readonly QuestionProblem[], ...path: (string | number)[]): string | null {
  const found = problems.find(
    (problem) =>
      problem.path.length === path.length && problem.path.every((part, index) => part === path[index]),
  );
  return found?.message ?? null;
}
