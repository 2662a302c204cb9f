import type { AnalyticsHistogram } from '@quizbeam/contracts/analytics';
import { useMemo } from 'react';
import 'uplot/dist/uPlot.min.css';
import { formatBar, formatCount } from './analyticsFormat';
import { histogramChartData, histogramChartOptions } from './histogramChartOptions';
import { usePlot } from './usePlot';

/**
 * How a rating's or number's answers spread: a column chart, and for screen readers the same figures as a
 * list (the chart itself is a picture to them).
 */
export function ValueHistogram({ title, histogram }: { title: string; histogram: AnalyticsHistogram }) {
  const data = useMemo(() => histogramChartData(histogram), [histogram]);
  const optionsAt = useMemo(() => histogramChartOptions(histogram), [histogram]);
  const containerRef = usePlot(optionsAt, data);
  const unit = histogram.unit === '' ? '' : ` ${histogram.unit}`;
  return (
    <>
      <div
        ref={containerRef}
        className="analytics-chart"
        role="img"
        aria-label={`Histogram of the answers to ${title}`}
      />
      <ul className="visually-hidden" aria-label={`Answers to ${title} by value`}>
        {histogram.bars.map((bar) => (
          <li key={`${bar.from} ${bar.to}`}>
            {formatBar(bar)}
            {unit}: {formatCount(bar.count)}
          </li>
        ))}
      </ul>
    </>
  );
}
