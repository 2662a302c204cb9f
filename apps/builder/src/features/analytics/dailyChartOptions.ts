import uPlot from 'uplot';
import { formatCount, NO_FIGURE } from './analyticsFormat';
import { DAILY_SERIES } from './dailyChartData';

export const DAILY_CHART_HEIGHT = 260;
const DAY_S = 86_400;

const MONTH_S = 30 * DAY_S;
const YEAR_S = 365 * DAY_S;
/** Ticks on whole days at least: the figures are per day, so hours would mean nothing. */
const WHOLE_DAY_STEPS = [1, 2, 3, 7, 14]
  .map((days) => days * DAY_S)
  .concat(
    [1, 2, 3, 6].map((months) => months * MONTH_S),
    [1, 2, 5].map((years) => years * YEAR_S),
  );

const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000];
/** Steps of a count axis: whole numbers only. */
export const WHOLE_STEPS = [...COUNT_STEPS, ...COUNT_STEPS.map((step) => step * 100_000)];

export const countValue = (_plot: uPlot, value: number | null) =>
  value === null ? NO_FIGURE : formatCount(value);

/** A count axis from 0, a tenth above the highest count. */
export const countRange = (_plot: uPlot, _min: number, max: number): uPlot.Range.MinMax => [
  0,
  Math.max(1, Math.ceil(max * 1.1)),
];

/** uPlot widens a single day to about three years; a one-day range shows the days either side instead. */
function oneDayAroundASingleDay(plot: uPlot, min: number, max: number): uPlot.Range.MinMax {
  const days = plot.data[0];
  const onlyDay = days.length === 1 ? days[0] : undefined;
  return onlyDay === undefined ? [min, max] : [onlyDay - DAY_S, onlyDay + DAY_S];
}

/** The daily chart at a width: days on the x axis in UTC (as they are counted), whole counts from 0 up. */
export function dailyChartOptions(width: number): uPlot.Options {
  return {
    width,
    height: DAILY_CHART_HEIGHT,
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: true, range: oneDayAroundASingleDay },
      y: { range: countRange },
    },
    axes: [
      { incrs: WHOLE_DAY_STEPS },
      {
        incrs: WHOLE_STEPS,
        values: (_plot, splits) => splits.map((split) => formatCount(split)),
      },
    ],
    series: [
      { label: 'Day', value: '{MMM} {D}, {YYYY}' },
      ...DAILY_SERIES.map((series) => ({
        label: series.label,
        stroke: series.color,
        width: 2,
        value: countValue,
      })),
    ],
  };
}
