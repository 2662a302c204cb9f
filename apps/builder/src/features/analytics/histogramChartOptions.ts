import type { AnalyticsHistogram } from '@quizbeam/contracts/analytics';
import uPlot from 'uplot';
import { formatBar, NO_FIGURE } from './analyticsFormat';
import { countRange, countValue, WHOLE_STEPS } from './dailyChartOptions';

export const HISTOGRAM_HEIGHT = 200;
const BAR_COLOR = '#4f46e5';

/** uPlot's columns: each bar's position (0, 1, 2…), then its count. */
export function histogramChartData(histogram: AnalyticsHistogram): [number[], number[]] {
  return [histogram.bars.map((_bar, index) => index), histogram.bars.map((bar) => bar.count)];
}

/**
 * A column chart of visitors per value or range of values: the bars stand at 0, 1, 2… on the x axis, which
 * is labelled with their values, so that ranges of any width sit side by side like single values.
 */
export function histogramChartOptions(histogram: AnalyticsHistogram): (width: number) => uPlot.Options {
  const labels = histogram.bars.map(formatBar);
  const positions = labels.map((_label, index) => index);
  const labelAt = (index: number | null | undefined) =>
    index == null ? NO_FIGURE : (labels[index] ?? NO_FIGURE);
  return (width) => ({
    width,
    height: HISTOGRAM_HEIGHT,
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: false, range: () => [-0.5, labels.length - 0.5] },
      y: { range: countRange },
    },
    axes: [
      {
        splits: () => positions,
        values: (_plot, splits) => splits.map((split) => labelAt(split)),
        grid: { show: false },
      },
      { incrs: WHOLE_STEPS, values: (_plot, splits) => splits.map((split) => countValue(_plot, split)) },
    ],
    series: [
      {
        label: histogram.unit === '' ? 'Value' : `Value (${histogram.unit})`,
        value: (_plot, index) => labelAt(index),
      },
      {
        label: 'Visitors',
        stroke: BAR_COLOR,
        fill: BAR_COLOR,
        paths: uPlot.paths.bars?.({ size: [0.7, 64] }),
        points: { show: false },
        value: countValue,
      },
    ],
  });
}
