import type { AnalyticsResult } from '@quizbeam/contracts/analytics';
import { useId } from 'react';
import { formatCount } from './analyticsFormat';

type UtmRows = AnalyticsResult['utmSources'];
type UrlFieldBreakdown = NonNullable<AnalyticsResult['urlFieldBreakdown']>;

export const NO_UTM_VALUE_TEXT = '(none)';
export const NO_BREAKDOWN_TEXT = 'No completions or leads in this range.';
export const BREAKDOWN_LOADING_TEXT = 'Loading…';
export const BREAKDOWN_SELECT_LABEL = 'Break down by';

/** The URL fields the UTM breakdowns already cover: they are offered first, under their own names. */
export const UTM_SOURCE_FIELD = 'utm_source';
export const UTM_CAMPAIGN_FIELD = 'utm_campaign';
const UTM_FIELDS: Record<string, { label: string; valueLabel: string }> = {
  [UTM_SOURCE_FIELD]: { label: 'UTM source', valueLabel: 'Source' },
  [UTM_CAMPAIGN_FIELD]: { label: 'UTM campaign', valueLabel: 'Campaign' },
};

/** Whether a field's breakdown comes with every result (the UTM ones) rather than asked for by name. */
export const isUtmBreakdown = (field: string) => Object.hasOwn(UTM_FIELDS, field);

const valueText = (value: string) => (value === '' ? NO_UTM_VALUE_TEXT : value);

function UtmTable({ field, rows }: { field: string; rows: UtmRows }) {
  const { label, valueLabel } = UTM_FIELDS[field] ?? { label: field, valueLabel: field };
  if (rows.length === 0) return <p className="analytics-section__muted">{NO_BREAKDOWN_TEXT}</p>;
  return (
    <div className="analytics-table__frame">
      <table className="analytics-table">
        <caption className="visually-hidden">Completions and leads by {label}</caption>
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
              <th scope="row">{valueText(row.value)}</th>
              <td>{formatCount(row.completions)}</td>
              <td>{formatCount(row.leads)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UrlFieldTable({ breakdown }: { breakdown: UrlFieldBreakdown }) {
  if (breakdown.rows.length === 0) return <p className="analytics-section__muted">{NO_BREAKDOWN_TEXT}</p>;
  return (
    <>
      <div className="analytics-table__frame">
        <table className="analytics-table">
          <caption className="visually-hidden">Visitors, completions and leads by {breakdown.name}</caption>
          <thead>
            <tr>
              <th scope="col">{breakdown.name}</th>
              <th scope="col">Visitors</th>
              <th scope="col">Completions</th>
              <th scope="col">Leads</th>
            </tr>
          </thead>
          <tbody>
            {breakdown.rows.map((row) => (
              <tr key={row.value}>
                <th scope="row">{valueText(row.value)}</th>
                <td>{formatCount(row.visitors)}</td>
                <td>{formatCount(row.completions)}</td>
                <td>{formatCount(row.leads)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {breakdown.otherValues > 0 && (
        <p className="analytics-section__muted">
          {formatCount(breakdown.otherValues)} more {breakdown.otherValues === 1 ? 'value' : 'values'} with
          fewer completions, leads and visitors are not listed.
        </p>
      )}
    </>
  );
}

/**
 * The fields offered: UTM source and campaign, then each other URL field the range's visits had (with its
 * visitors), and the one chosen even when this range has no visits with it.
 */
function fieldOptions(result: AnalyticsResult, chosen: string): { field: string; label: string }[] {
  const others = result.urlFields
    .filter((entry) => !isUtmBreakdown(entry.name))
    .map((entry) => ({
      field: entry.name,
      label: `${entry.name} (${formatCount(entry.visitors)} ${entry.visitors === 1 ? 'visitor' : 'visitors'})`,
    }));
  const missing = !isUtmBreakdown(chosen) && !others.some((option) => option.field === chosen);
  return [
    ...Object.entries(UTM_FIELDS).map(([field, { label }]) => ({ field, label })),
    ...others,
    ...(missing ? [{ field: chosen, label: chosen }] : []),
  ];
}

/**
 * Traffic sources: completions and leads by the visit's utm_source or utm_campaign, or visitors, completions
 * and leads by another URL field the quiz keeps ("(none)": visits without one). A URL field's rows come with
 * the result asked for it; until then the section says it is loading.
 */
export function TrafficSourcesSection({
  result,
  field,
  onField,
}: {
  result: AnalyticsResult;
  field: string;
  onField: (field: string) => void;
}) {
  const headingId = useId();
  const selectId = useId();
  const breakdown = result.urlFieldBreakdown;
  return (
    <section className="card analytics-section" aria-labelledby={headingId}>
      <div className="analytics-section__heading">
        <h2 id={headingId}>Traffic sources</h2>
        <div className="field">
          <label className="field__label" htmlFor={selectId}>
            {BREAKDOWN_SELECT_LABEL}
          </label>
          <select
            id={selectId}
            className="input"
            value={field}
            onChange={(event) => onField(event.target.value)}
          >
            {fieldOptions(result, field).map((option) => (
              <option key={option.field} value={option.field}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {field === UTM_SOURCE_FIELD && <UtmTable field={field} rows={result.utmSources} />}
      {field === UTM_CAMPAIGN_FIELD && <UtmTable field={field} rows={result.utmCampaigns} />}
      {!isUtmBreakdown(field) &&
        (breakdown?.name === field ? (
          <UrlFieldTable breakdown={breakdown} />
        ) : (
          <p className="analytics-section__muted" role="status">
            {BREAKDOWN_LOADING_TEXT}
          </p>
        ))}
    </section>
  );
}
