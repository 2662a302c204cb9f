import type { AnalyticsDay } from '@quizbeam/contracts/analytics';

/** The daily chart's lines, in legend order. */
export const DAILY_SERIES = [
  { key: 'visitors', label: 'Visitors', color: '#4f46e5' },
  { key: 'starts', label: 'Starts', color: '#0891b2' },
  { key: 'completions', label: 'Completions', color: '#059669' },
  { key: 'leads', label: 'Leads', color: '#c2410c' },
] as const satisfies readonly { key: keyof Omit<AnalyticsDay, 'day'>; label: string; color: string }[];

/** uPlot's aligned columns: the x values, then one column per series. */
export type DailyChartColumns = [number[], ...number[][]];

/** Each day as uPlot's x value (seconds since the epoch at the UTC midnight that begins it), then each series. */
export function dailyChartData(days: readonly AnalyticsDay[]): DailyChartColumns {
  return [
    days.map((entry) => Date.parse(`${entry.day}T00:00:00Z`) / 1000),
    ...DAILY_SERIES.map((series) => days.map((entry) => entry[series.key])),
  ];
}
