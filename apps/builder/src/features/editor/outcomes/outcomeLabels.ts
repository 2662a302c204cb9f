import type { Outcome, QuizType, ScoringSettings } from '@quizbeam/contracts/quiz';

export const outcomeTitle = (outcome: Outcome) => `Outcome ${outcome.rank}`;

/**
 * General quizzes describe an outcome by its name, scored quizzes by its score interval (in points, or in
 * percent when outcomes are chosen by percentage).
 */
export function outcomeSubtitle(
  outcome: Outcome,
  quizType: QuizType,
  outcomeBy: ScoringSettings['outcomeBy'] = 'score',
): string {
  if (quizType === 'general') return outcome.name.trim() || 'Untitled outcome';
  const { from, to } = outcome.scoreRange;
  if (from === null && to === null) return 'No score interval yet';
  return `${from ?? '?'} – ${to ?? '?'} ${outcomeBy === 'percent' ? '%' : 'points'}`;
}
