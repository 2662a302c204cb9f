import {
  ANALYTICS_RANGE_FUTURE_MESSAGE,
  ANALYTICS_RANGE_REVERSED_MESSAGE,
  ANALYTICS_RANGE_TOO_LONG_MESSAGE,
  MAX_ANALYTICS_RANGE_DAYS,
} from '@quizbeam/contracts/analytics';

/**
 * The date range the Analytics tab asks for. Figures are counted per UTC day (the day a visit began), so
 * "today" and every preset are UTC days too.
 */
export type AnalyticsRangeChoice =
  | { kind: 'last'; days: 7 | 30 | 90 }
  | { kind: 'all' }
  | { kind: 'custom'; from: string; to: string };

/** The query's days: none for all time (the server starts at the first visit and ends today). */
export interface AnalyticsDays {
  from?: string;
  to?: string;
}

export const DEFAULT_RANGE: AnalyticsRangeChoice = { kind: 'last', days: 30 };

export const RANGE_PRESETS: { label: string; choice: AnalyticsRangeChoice }[] = [
  { label: 'Last 7 days', choice: { kind: 'last', days: 7 } },
  { label: 'Last 30 days', choice: DEFAULT_RANGE },
  { label: 'Last 90 days', choice: { kind: 'last', days: 90 } },
  { label: 'All time', choice: { kind: 'all' } },
];

export const RANGE_END_FUTURE_MESSAGE = 'The date range cannot end in the future.';
export const RANGE_INCOMPLETE_MESSAGE = 'Choose both a start and an end date.';

const DAY_MS = 86_400_000;

export const utcToday = (now: Date = new Date()) => now.toISOString().slice(0, 10);

const dayNumber = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS;

export const addDays = (isoDay: string, days: number) =>
  new Date((dayNumber(isoDay) + days) * DAY_MS).toISOString().slice(0, 10);

/** Both ends included, as the API counts a range. */
export const daysInRange = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

export function rangeDays(choice: AnalyticsRangeChoice, today: string): AnalyticsDays {
  switch (choice.kind) {
    case 'last':
      return { from: addDays(today, 1 - choice.days), to: today };
    case 'all':
      return {};
    case 'custom':
      return { from: choice.from, to: choice.to };
  }
}

export const sameChoice = (a: AnalyticsRangeChoice, b: AnalyticsRangeChoice) =>
  JSON.stringify(a) === JSON.stringify(b);

/** A real calendar day as YYYY-MM-DD (February 30 is not one, though Date.parse rolls it over). */
const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(dayNumber(value)) && addDays(value, 0) === value;

/** Why a custom range cannot be asked for, in the server's words where it has them; null when it can. */
export function customRangeError(from: string, to: string, today: string): string | null {
  if (!isDay(from) || !isDay(to)) return RANGE_INCOMPLETE_MESSAGE;
  if (from > today) return ANALYTICS_RANGE_FUTURE_MESSAGE;
  if (to > today) return RANGE_END_FUTURE_MESSAGE;
  if (from > to) return ANALYTICS_RANGE_REVERSED_MESSAGE;
  if (daysInRange(from, to) > MAX_ANALYTICS_RANGE_DAYS) return ANALYTICS_RANGE_TOO_LONG_MESSAGE;
  return null;
}
