import { createHash } from 'node:crypto';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { analyseScores } from '@quizbeam/quiz-engine/scoring';
import { LRUCache } from 'lru-cache';

export interface ScoreSummary {
  /** The most points a path collects ([[maxScore]]); an upper bound when `exact` is false. */
  maxScore: number;
  exact: boolean;
}

const GENERAL: ScoreSummary = { maxScore: 0, exact: true };

/** Analyses of recent question lists: previews of one quiz in a row, and a published page's first render, share one. */
const recent = new LRUCache<string, ScoreSummary>({ max: 500 });

/**
 * The score analysis of a quiz, computed once per question list (the analysis is bounded, but still the
 * heaviest step of rendering a page, so repeated previews and renders reuse it).
 */
export function scoreSummaryOf(quiz: Quiz): ScoreSummary {
  if (quiz.type !== 'scored') return GENERAL;
  const key = createHash('sha256').update(JSON.stringify(quiz.questions)).digest('base64');
  const known = recent.get(key);
  if (known) return known;
  const { maxScore, exact } = analyseScores(quiz);
  const summary = { maxScore, exact };
  recent.set(key, summary);
  return summary;
}
