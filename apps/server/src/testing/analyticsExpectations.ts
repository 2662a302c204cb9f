import { type AnalyticsResult, MAX_URL_FIELD_BREAKDOWN_ROWS } from '@quizbeam/contracts/analytics';
import type { AnalyticsMetric } from '@quizbeam/contracts/analyticsMetrics';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { urlFieldNamesOf } from '@quizbeam/contracts/quizConstants';
import { medianFromBuckets } from '@quizbeam/quiz-engine/analytics/durations';
import {
  type FigureFilter,
  parseFigureKey,
  type RawVisitorEvent,
  totalFigures,
  urlFieldBreakdown,
  visitFigures,
} from '@quizbeam/quiz-engine/analytics/visitFigures';

import { sortByRank } from '@quizbeam/quiz-engine/ranks';
import { expect } from 'vitest';

/** A percentage as the contract has it: one decimal, 0 of nothing. */
const percentage = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;

/**
 * Checks every figure of an Analytics result against the reference arithmetic run over the raw events
 * (`visitFigures`, `urlFieldBreakdown`), for the range and version the result was asked for.
 */
export function expectResultToMatchEvents(
  result: AnalyticsResult,
  quiz: Quiz,
  events: readonly RawVisitorEvent[],
  filter: FigureFilter,
): void {
  const figures = visitFigures(events);
  const totals = totalFigures(figures, filter);
  const figure = (metric: AnalyticsMetric, item = '') => totals.get(`${metric}|${item}`) ?? 0;
  const itemsOf = (metric: AnalyticsMetric) =>
    new Map(
      [...totals]
        .filter(([key]) => key.startsWith(`${metric}|`))
        .map(([key, value]) => [key.slice(metric.length + 1), value]),
    );

  expect(result.range).toEqual({ from: filter.from, to: filter.to });
  expect(result.version).toBe(filter.version ?? null);
  const completions = figure('completions');
  expect({
    visitors: result.visitorsCount,
    starts: result.startsCount,
    completions: result.completionsCount,
    leads: result.leadsCount,
  }).toEqual({
    visitors: figure('visitors'),
    starts: figure('starts'),
    completions,
    leads: figure('leads'),
  });
  expect(result.rates).toEqual({
    startRate: percentage(figure('starts'), figure('visitors')),
    completionRate: percentage(completions, figure('starts')),
    leadsPerCompletion: percentage(figure('leads'), completions),
    leadsPerVisitor: percentage(figure('leads'), figure('visitors')),
  });
  expect(result.captureForm).toEqual({
    reached: figure('reached', 'capture'),
    submitted: figure('answered', 'capture'),
    left: figure('left', 'capture'),
    dropOffPercentage: percentage(figure('left', 'capture'), figure('reached', 'capture')),
  });

  expect(result.questions).toEqual(
    sortByRank(quiz.questions).map((question) => {
      const screen = `q:${question.id}`;
      const answered = figure('answered', screen);
      return {
        id: question.id,
        title: question.text,
        description: '',
        count: answered,
        reached: figure('reached', screen),
        left: figure('left', screen),
        dropOffPercentage: percentage(figure('left', screen), figure('reached', screen)),
        type: question.type,
        answers: question.answers.map((answer) => ({
          id: answer.id,
          text: answer.text,
          imageUrl: null,
          count: figure('answer', String(answer.id)),
          percentage: percentage(figure('answer', String(answer.id)), answered),
        })),
      };
    }),
  );

  const withoutOutcome = figure('outcome', '');
  expect(result.outcomes).toEqual([
    ...sortByRank(quiz.outcomes).map((outcome) => ({
      id: outcome.id,
      title: outcome.name,
      count: figure('outcome', String(outcome.id)),
      percentage: percentage(figure('outcome', String(outcome.id)), completions),
    })),
    ...(withoutOutcome > 0
      ? [
          {
            id: null,
            title: 'No outcome',
            count: withoutOutcome,
            percentage: percentage(withoutOutcome, completions),
          },
        ]
      : []),
  ]);

  const durations = new Map([...itemsOf('duration')].map(([bucket, count]) => [Number(bucket), count]));
  expect(result.medianSecondsToComplete).toBe(medianFromBuckets(durations));

  const breakdown = (completionsMetric: AnalyticsMetric, leadsMetric: AnalyticsMetric) => {
    const values = new Set([...itemsOf(completionsMetric).keys(), ...itemsOf(leadsMetric).keys()]);
    return [...values].map((value) => ({
      value,
      completions: figure(completionsMetric, value),
      leads: figure(leadsMetric, value),
    }));
  };
  const sortedLikeTheApi = (rows: AnalyticsResult['utmSources']) =>
    [...rows].sort(
      (left, right) =>
        right.completions - left.completions ||
        right.leads - left.leads ||
        (left.value < right.value ? -1 : 1),
    );
  expect(result.utmSources).toEqual(sortedLikeTheApi(breakdown('source_completions', 'source_leads')));
  expect(result.utmCampaigns).toEqual(sortedLikeTheApi(breakdown('campaign_completions', 'campaign_leads')));

  const listed = urlFieldNamesOf(quiz);
  const unlisted = [...itemsOf('url_field').keys()].filter((name) => !listed.includes(name)).sort();
  expect(result.urlFields).toEqual(
    [...listed, ...unlisted]
      .filter((name) => figure('url_field', name) > 0)
      .map((name) => ({ name, visitors: figure('url_field', name) })),
  );
  const asked = result.urlFieldBreakdown;
  if (asked) {
    const rows = urlFieldBreakdown(events, asked.name, filter);
    expect(asked).toEqual({
      name: asked.name,
      rows: rows.slice(0, MAX_URL_FIELD_BREAKDOWN_ROWS),
      otherValues: Math.max(0, rows.length - MAX_URL_FIELD_BREAKDOWN_ROWS),
    });
    // Every visit is under one value, so the rows add up to the core figures (when none are left out).
    if (asked.otherValues === 0) {
      const sum = (part: 'visitors' | 'completions' | 'leads') =>
        asked.rows.reduce((total, row) => total + row[part], 0);
      expect([sum('visitors'), sum('completions'), sum('leads')]).toEqual([
        result.visitorsCount,
        result.completionsCount,
        result.leadsCount,
      ]);
    }
  }

  if (quiz.type !== 'scored') {
    expect(result.scoreDistribution).toBeNull();
  } else {
    const highestScore = Math.max(-1, ...[...itemsOf('score').keys()].map(Number));
    expect(result.scoreDistribution?.maxScore).toBeGreaterThanOrEqual(highestScore);
    expect(result.scoreDistribution?.counts).toEqual(
      Array.from({ length: (result.scoreDistribution?.maxScore ?? -1) + 1 }, (_, score) =>
        figure('score', String(score)),
      ),
    );
  }

  // The daily series: every day of the range, each day's own figures; the versions: visitors per version.
  type Day = { visitors: number; starts: number; completions: number; leads: number };
  const daily = new Map<string, Day>();
  const visitorsByVersion = new Map<number, number>();
  for (const [key, value] of figures) {
    const { day, version, metric, item } = parseFigureKey(key);
    if (item !== '' || day < (filter.from ?? '') || day > (filter.to ?? '')) continue;
    if (metric === 'visitors') visitorsByVersion.set(version, (visitorsByVersion.get(version) ?? 0) + value);
    if (filter.version !== undefined && version !== filter.version) continue;
    if (metric !== 'visitors' && metric !== 'starts' && metric !== 'completions' && metric !== 'leads')
      continue;
    const row = daily.get(day) ?? { visitors: 0, starts: 0, completions: 0, leads: 0 };
    row[metric] += value;
    daily.set(day, row);
  }
  expect(result.versions).toEqual(
    [...visitorsByVersion]
      .sort(([left], [right]) => right - left)
      .map(([version, visitors]) => ({ version, visitors })),
  );
  const days: string[] = [];
  for (let day = filter.from ?? ''; day <= (filter.to ?? ''); ) {
    days.push(day);
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }
  expect(result.daily).toEqual(
    days.map((day) => ({ day, ...(daily.get(day) ?? { visitors: 0, starts: 0, completions: 0, leads: 0 }) })),
  );
}
