import type { Outcome, QuizType } from '@quizbeam/contracts/quiz';

export const outcomeTitle = (outcome: Outcome) => `Outcome ${outcome.rank}`;

/** General quizzes describe an outcome by its name, scored quizzes by its score interval. */
export function outcomeSubtitle(outcome: Outcome, quizType: QuizType): string {
  if (quizType === 'general') return outcome.name.trim() || 'Untitled outcome';
  const { from, to } = outcome.scoreRange;
  if (from === null && to === null) return 'No score interval yet';
  return `${from ?? '?'} – ${to ?? '?'} points`;
}
