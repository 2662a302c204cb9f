import type { AnalyticsMetric } from '@quizbeam/contracts/analyticsMetrics';
import { figureKey, type RawVisitorEvent } from '../analytics/visitFigures';
import { pathQuestionIds } from '../flow';
import { buildQuiz } from './quizzes';

// Test-only: a branching quiz and the events of visitors walking it, shared by the analytics tests.
/* Q1 → (A1) Q2 → Q3, or Q1 → (A2) Q3: Q3 is reachable by two paths, Q2 only by the first. */
export const branching = buildQuiz({
  type: 'scored',
  questions: [
    {
      answers: [
        { to: 1, points: 1 },
        { to: 2, points: 2 },
      ],
    },
    { answers: [{ points: 1 }, { points: 3 }] },
    { answers: [{ points: 0 }, { points: 5 }] },
  ],
  outcomes: [
    { from: 0, to: 3 },
    { from: 4, to: 10 },
  ],
});
export const { q, a, o } = branching;
export const [Q1 = 0, Q2 = 0, Q3 = 0] = q;

export const DAY = '2026-03-01';
export const START = Date.parse(`${DAY}T10:00:00Z`);

export type Walk = {
  /** The answers picked in order; the visitor stops on the question after the last one. */
  answers?: number[];
  /** Left on the landing screen without starting. */
  visitOnly?: boolean;
  capture?: 'shown' | 'submitted';
  complete?: { outcomeId: number | null; score: number | null };
  secondsPerStep?: number;
  startAt?: number;
  version?: number;
  utmSource?: string;
  utmCampaign?: string;
};

/** The events the page and server record for a visitor who picks `answers` down the branching quiz. */
export function walk(visitId: string, options: Walk = {}): RawVisitorEvent[] {
  let at = options.startAt ?? START;
  const step = (options.secondsPerStep ?? 10) * 1000;
  const events: RawVisitorEvent[] = [];
  const push = (type: RawVisitorEvent['type'], fields: Partial<RawVisitorEvent> = {}) => {
    events.push({
      visitId,
      snapshotId: 'snapshot',
      version: options.version ?? 1,
      at: new Date(at),
      type,
      ...fields,
    });
    at += step;
  };
  push('visit', { utmSource: options.utmSource ?? null, utmCampaign: options.utmCampaign ?? null });
  if (options.visitOnly) return events;
  push('start');
  const answers = options.answers ?? [];
  for (const [index, questionId] of pathQuestionIds(branching.quiz, answers).entries()) {
    push('shown', { questionId });
    const answerId = answers[index];
    const belongs = branching.quiz.questions.some(
      (question) => question.id === questionId && question.answers.some((answer) => answer.id === answerId),
    );
    if (answerId !== undefined && belongs) push('answer', { questionId, answerId });
  }
  if (options.capture) push('capture');
  if (options.capture === 'submitted') push('lead');
  if (options.complete) push('complete', options.complete);
  return events;
}

export const key = (metric: AnalyticsMetric, item = '') => figureKey(DAY, 1, metric, item);
export const A = (question: number, answer: number) => a[question]?.[answer] ?? 0;
