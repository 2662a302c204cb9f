import {
  ANALYTICS_RANGE_FUTURE_MESSAGE,
  ANALYTICS_RANGE_REVERSED_MESSAGE,
  ANALYTICS_RANGE_TOO_LONG_MESSAGE,
  type AnalyticsQuery,
  MAX_ANALYTICS_RANGE_DAYS,
} from '@quizbeam/contracts/analytics';
import { analyticsCounters } from '@quizbeam/db/analyticsSchema';
import type { Database } from '@quizbeam/db/database';
import { and, eq, min } from 'drizzle-orm';
import { AppError } from '../../shared/appError';

/** Whole UTC days, both ends included, as YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MALFORMED_DAY_MESSAGE = 'Use a date as YYYY-MM-DD.';

/** Milliseconds at the UTC midnight that starts `day`, or null for a day that does not exist (2026-02-30). */
function dayStart(day: string): number | null {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day) return null;
  return time;
}

export const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return dayOf((dayStart(day) ?? 0) + days * DAY_MS);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round(((dayStart(to) ?? 0) - (dayStart(from) ?? 0)) / DAY_MS) + 1;
}

/** Every day of the range in order. */
export function eachDay(range: DayRange): string[] {
  return Array.from({ length: daysBetween(range.from, range.to) }, (_, index) => addDays(range.from, index));
}

const invalid = (message: string) => new AppError('validation_failed', message);

/**
 * The range a query asks for: no `to` is today (UTC), and an end after today stops at today; no `from`
 * is the first day with data (today without any), never more than the longest range before `to`. A
 * range starting in the future, reversed or over MAX_ANALYTICS_RANGE_DAYS is a 400 with its message.
 */
export function resolveDayRange(
  query: Pick<AnalyticsQuery, 'from' | 'to'>,
  firstDayWithData: string | null,
  today: string,
): DayRange {
  for (const day of [query.from, query.to]) {
    if (day !== undefined && dayStart(day) === null) throw invalid(MALFORMED_DAY_MESSAGE);
  }
  if (query.from !== undefined && query.from > today) throw invalid(ANALYTICS_RANGE_FUTURE_MESSAGE);
  const to = query.to === undefined || query.to > today ? today : query.to;
  if (query.from !== undefined && query.from > to) throw invalid(ANALYTICS_RANGE_REVERSED_MESSAGE);
  let from = query.from;
  if (from === undefined) {
    const earliest = addDays(to, 1 - MAX_ANALYTICS_RANGE_DAYS);
    const first = firstDayWithData ?? today;
    from = first > to ? to : first < earliest ? earliest : first;
  }
  if (daysBetween(from, to) > MAX_ANALYTICS_RANGE_DAYS) throw invalid(ANALYTICS_RANGE_TOO_LONG_MESSAGE);
  return { from, to };
}

/** The first day with any figure for the quiz (of `version` when given); null without data. */
export async function firstAnalyticsDay(
  db: Database,
  quizId: string,
  version: number | undefined,
): Promise<string | null> {
  const conditions = [eq(analyticsCounters.quizId, quizId)];
  if (version !== undefined) conditions.push(eq(analyticsCounters.version, version));
  const [row] = await db
    .select({ first: min(analyticsCounters.day) })
    .from(analyticsCounters)
    .where(and(...conditions));
  return row?.first ?? null;
}

/** The range a request covers, its missing ends filled in from the quiz's data. */
export async function dayRangeFor(db: Database, quizId: string, query: AnalyticsQuery): Promise<DayRange> {
  const needsFirstDay = query.from === undefined;
  const firstDay = needsFirstDay ? await firstAnalyticsDay(db, quizId, query.version) : null;
  return resolveDayRange(query, firstDay, dayOf(Date.now()));
}
