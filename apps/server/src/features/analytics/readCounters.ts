import type { AnalyticsMetric } from '@quizbeam/contracts/analyticsMetrics';
import { analyticsCounters } from '@quizbeam/db/analyticsSchema';

import type { Database } from '@quizbeam/db/database';
import { and, between, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DayRange } from './analyticsRange';

/** The figures the daily chart shows. */
export const DAILY_METRICS = ['visitors', 'starts', 'completions', 'leads'] as const;
export type DailyMetric = (typeof DAILY_METRICS)[number];

/** What the Analytics tab is built from: sums of analytics_counters over the range. */
export interface CounterSums {
  /** metric → item → value, over the range and the version asked for. */
  totals: Map<AnalyticsMetric, Map<string, number>>;
  /** day → the daily metrics on that day (days without data are missing). */
  daily: Map<string, Record<DailyMetric, number>>;
  /** Visitors per version over the range, whatever version was asked for; newest first. */
  versions: { version: number; visitors: number }[];
}

const summed = sql<number>`sum(${analyticsCounters.value})`.mapWith(Number);

/**
 * Reads the quiz's counters for the range: three grouped reads over the primary key's (quiz, day) prefix,
 * never the raw events, so the time depends on the days and items, not on the number of visits.
 */
export async function readCounterSums(
  db: Database,
  quizId: string,
  range: DayRange,
  version: number | undefined,
): Promise<CounterSums> {
  const inRange = [
    eq(analyticsCounters.quizId, quizId),
    between(analyticsCounters.day, range.from, range.to),
  ];
  const ofVersion: SQL[] =
    version === undefined ? inRange : [...inRange, eq(analyticsCounters.version, version)];
  const [totalRows, dailyRows, versionRows] = await Promise.all([
    db
      .select({ metric: analyticsCounters.metric, item: analyticsCounters.item, value: summed })
      .from(analyticsCounters)
      .where(and(...ofVersion))
      .groupBy(analyticsCounters.metric, analyticsCounters.item),
    db
      .select({ day: analyticsCounters.day, metric: analyticsCounters.metric, value: summed })
      .from(analyticsCounters)
      .where(and(...ofVersion, inArray(analyticsCounters.metric, [...DAILY_METRICS])))
      .groupBy(analyticsCounters.day, analyticsCounters.metric),
    db
      .select({ version: analyticsCounters.version, visitors: summed })
      .from(analyticsCounters)
      .where(and(...inRange, eq(analyticsCounters.metric, 'visitors')))
      .groupBy(analyticsCounters.version)
      .orderBy(desc(analyticsCounters.version)),
  ]);

  const totals = new Map<AnalyticsMetric, Map<string, number>>();
  for (const row of totalRows) {
    const items = totals.get(row.metric) ?? new Map<string, number>();
    items.set(row.item, row.value);
    totals.set(row.metric, items);
  }
  const daily = new Map<string, Record<DailyMetric, number>>();
  for (const row of dailyRows) {
    const figures = daily.get(row.day) ?? { visitors: 0, starts: 0, completions: 0, leads: 0 };
    if (isDailyMetric(row.metric)) figures[row.metric] = row.value;
    daily.set(row.day, figures);
  }
  return { totals, daily, versions: versionRows };
}

function isDailyMetric(metric: AnalyticsMetric): metric is DailyMetric {
  return (DAILY_METRICS as readonly string[]).includes(metric);
}
