import type { AnalyticsDay } from '@quizbeam/contracts/analytics';
import { useId, useMemo, useState } from 'react';
import 'uplot/dist/uPlot.min.css';
import { formatCount, formatDay } from './analyticsFormat';
import { DAILY_SERIES, dailyChartData } from './dailyChartData';
import { dailyChartOptions } from './dailyChartOptions';
import { usePlot } from './usePlot';

function DailyTable({ days }: { days: readonly AnalyticsDay[] }) {
  return (
    <div className="analytics-table__frame">
      <table className="analytics-table">
        <caption className="visually-hidden">Daily figures</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {DAILY_SERIES.map((series) => (
              <th key={series.key} scope="col">
                {series.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((entry) => (
            <tr key={entry.day}>
              <th scope="row">{formatDay(entry.day)}</th>
              {DAILY_SERIES.map((series) => (
                <td key={series.key}>{formatCount(entry[series.key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DailyPlot({ days }: { days: readonly AnalyticsDay[] }) {
  const data = useMemo(() => dailyChartData(days), [days]);
  const containerRef = usePlot(dailyChartOptions, data);
  return (
    <div
      ref={containerRef}
      className="analytics-chart"
      role="img"
      aria-label="Chart of daily visitors, starts, completions and leads"
    />
  );
}

/** Visitors, starts, completions and leads per day, as a chart or, for screen readers and exact figures, a table. */
export function DailyChart({ days }: { days: readonly AnalyticsDay[] }) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <section className="card analytics-section" aria-labelledby={headingId}>
      <div className="analytics-section__heading">
        <h2 id={headingId}>Daily activity</h2>
        <button
          type="button"
          className="button button--secondary"
          aria-pressed={asTable}
          onClick={() => setAsTable((shown) => !shown)}
        >
          Show as table
        </button>
      </div>
      {asTable ? <DailyTable days={days} /> : <DailyPlot days={days} />}
    </section>
  );
}
