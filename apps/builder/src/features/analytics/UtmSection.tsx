import type { AnalyticsResult } from '@quizbeam/contracts/analytics';
import { useId } from 'react';
import { formatCount } from './analyticsFormat';

type BreakdownRows = AnalyticsResult['utmSources'];

export const NO_UTM_VALUE_TEXT = '(none)';
export const NO_BREAKDOWN_TEXT = 'No completions or leads in this range.';

function BreakdownTable({
  caption,
  valueLabel,
  rows,
}: {
  caption: string;
  valueLabel: string;
  rows: BreakdownRows;
}) {
  if (rows.length === 0) return <p className="analytics-section__muted">{NO_BREAKDOWN_TEXT}</p>;
  return (
    <div className="analytics-table__frame">
      <table className="analytics-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{valueLabel}</th>
            <th scope="col">Completions</th>
            <th scope="col">Leads</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.value}>
              <th scope="row">{row.value === '' ? NO_UTM_VALUE_TEXT : row.value}</th>
              <td>{formatCount(row.completions)}</td>
              <td>{formatCount(row.leads)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Completions and leads by the visit's utm_source and utm_campaign ("(none)": visits without one). */
export function UtmSection({ sources, campaigns }: { sources: BreakdownRows; campaigns: BreakdownRows }) {
  const headingId = useId();
  return (
    <section className="card analytics-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Traffic sources</h2>
      <div className="analytics-section__columns">
        <div>
          <h3>UTM source</h3>
          <BreakdownTable caption="Completions and leads by UTM source" valueLabel="Source" rows={sources} />
        </div>
        <div>
          <h3>UTM campaign</h3>
          <BreakdownTable
            caption="Completions and leads by UTM campaign"
            valueLabel="Campaign"
            rows={campaigns}
          />
        </div>
      </div>
    </section>
  );
}
