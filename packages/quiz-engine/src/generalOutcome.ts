import type { Outcome, Quiz } from '@quizbeam/contracts/quiz';
import { outcomeLinks } from './questionTypes';
import { sortByRank } from './ranks';

/**
 * General quizzes: the outcome the chosen answers count toward most, each link by its weight (see
 * `weightedOutcome` in `results`, the same rule over any question type's responses).
 *
 * - Each chosen answer id counts once; ids that are not answers of this quiz, and links to outcomes that no
 *   longer exist, are ignored.
 * - Tie-break: among outcomes with the same total weight, the one with the lowest rank wins.
 * - Fallback: when no chosen answer links an outcome, the first outcome by rank is the result, so a
 *   finished quiz always shows an outcome; null only when the quiz has no outcomes.
 */
export function mostAnsweredOutcome(quiz: Quiz, answerIds: number[]): Outcome | null {
  const chosen = new Set(answerIds);
  const counts = new Map<number, number>();
  for (const question of quiz.questions) {
    for (const answer of question.answers) {
      if (!chosen.has(answer.id)) continue;
      for (const link of outcomeLinks(answer))
        counts.set(link.outcome, (counts.get(link.outcome) ?? 0) + link.weight);
    }
  }
  let best: Outcome | null = null;
  let bestCount = 0;
  for (const outcome of sortByRank(quiz.outcomes)) {
    const count = counts.get(outcome.id) ?? 0;
    if (best === null || count > bestCount) {
      best = outcome;
      bestCount = count;
    }
  }
  return best;
}
