import type { CategoryScore } from '@quizbeam/contracts/categoryScores';
import type { Outcome, Quiz } from '@quizbeam/contracts/quiz';
import type { QuestionResponse } from '@quizbeam/contracts/responses';
import { flowIndex } from './flow';
import { percentOf } from './percent';
import { exitTop, questionExits } from './questionExits';
import { sortByRank } from './ranks';
import type { ResponseEffect } from './responses';
import { responseEffect } from './responses';
import { scoredOutcome } from './scoring';

/** What a finished visit scored: the outcome, the points, the percentage and each category's share. */
export type QuizResult = {
  outcomeId: number | null;
  score: number;
  maxScore: number;
  percent: number;
  categories: CategoryScore[];
};

/**
 * Each category's maximum: the sum of the most points each of its questions can give (a multi-select
 * question's best allowed choice, a value question's best range), whatever the flow. A branching quiz may
 * skip some of a category's questions; its percentage is then of everything the category asks, which is what
 * a marketer reading "Strategy 80%" expects.
 */
export function categoryMaxima(quiz: Quiz): Map<number, number> {
  const index = flowIndex(quiz);
  const maxima = new Map((quiz.categories ?? []).map((category) => [category.id, 0]));
  for (const question of quiz.questions) {
    const category = question.category;
    if (category == null || !maxima.has(category)) continue;
    const best = Math.max(0, ...questionExits(index, question).map(exitTop));
    maxima.set(category, (maxima.get(category) ?? 0) + best);
  }
  return maxima;
}

/** Each category's score for the responses, in the quiz's category order (scored quizzes). */
export function categoryScores(quiz: Quiz, responses: readonly QuestionResponse[]): CategoryScore[] {
  const categories = quiz.categories ?? [];
  if (quiz.type !== 'scored' || categories.length === 0) return [];
  const byQuestion = new Map(quiz.questions.map((question) => [question.id, question]));
  const scores = new Map<number, number>();
  for (const response of responses) {
    const question = byQuestion.get(response.questionId);
    if (question?.category == null) continue;
    const effect = question ? responseEffect(question, response) : null;
    scores.set(question.category, (scores.get(question.category) ?? 0) + (effect?.points ?? 0));
  }
  const maxima = categoryMaxima(quiz);
  return categories.map(({ id, name }) => {
    const score = scores.get(id) ?? 0;
    const maxScore = maxima.get(id) ?? 0;
    return { id, name, score, maxScore, percent: percentOf(score, maxScore) };
  });
}

/**
 * General quizzes: the outcome the chosen answers (and value ranges) count toward most, each link weighted
 * (1 to 5). Links to outcomes that no longer exist are ignored. Tie-break: among outcomes with the same total
 * weight, the one with the lowest rank (first in the Outcomes list) wins. Fallback: when nothing counts toward
 * any outcome, the first outcome by rank, so a finished quiz always shows one; null only without outcomes.
 */
export function weightedOutcome(quiz: Quiz, effects: readonly ResponseEffect[]): Outcome | null {
  const totals = new Map<number, number>();
  for (const effect of effects)
    for (const link of effect.links) totals.set(link.outcome, (totals.get(link.outcome) ?? 0) + link.weight);
  let best: Outcome | null = null;
  let bestTotal = 0;
  for (const outcome of sortByRank(quiz.outcomes)) {
    const total = totals.get(outcome.id) ?? 0;
    if (best === null || total > bestTotal) {
      best = outcome;
      bestTotal = total;
    }
  }
  return best;
}

/**
 * The result of responses that walked the quiz (see `followedResponses`, which gives `effects`). Scored
 * quizzes choose the outcome by score or, when the quiz says so, by percentage of `maxScore`.
 */
export function quizResult(
  quiz: Quiz,
  maxScore: number,
  responses: readonly QuestionResponse[],
  effects: readonly ResponseEffect[],
): QuizResult {
  if (quiz.type !== 'scored') {
    return {
      outcomeId: weightedOutcome(quiz, effects)?.id ?? null,
      score: 0,
      maxScore: 0,
      percent: 0,
      categories: [],
    };
  }
  const score = effects.reduce((sum, effect) => sum + effect.points, 0);
  const percent = percentOf(score, maxScore);
  const byPercent = quiz.scoring?.outcomeBy === 'percent';
  return {
    outcomeId: scoredOutcome(quiz, byPercent ? percent : score)?.id ?? null,
    score,
    maxScore,
    percent,
    categories: categoryScores(quiz, responses),
  };
}
