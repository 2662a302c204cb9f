import type { Quiz } from '@quizbeam/contracts/quiz';

export const NO_OUTCOME = 'none';

/** Choices of an answer's Outcome select (general quizzes): none, or each outcome by rank and name. */
export function answerOutcomeOptions(quiz: Quiz): { value: string; label: string }[] {
  return [
    { value: NO_OUTCOME, label: 'No outcome' },
    ...quiz.outcomes.map((outcome) => ({
      value: String(outcome.id),
      label: `Outcome ${outcome.rank}: ${outcome.name.trim() || 'Untitled outcome'}`,
    })),
  ];
}
