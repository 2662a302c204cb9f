import type { AnalyticsResult } from '@quizbeam/contracts/analytics';
import { formatCount, formatDuration, formatPercentage } from './analyticsFormat';

interface Figure {
  label: string;
  value: string;
  hint?: string;
}

export function analyticsFigures(result: AnalyticsResult): Figure[] {
  const { rates } = result;
  return [
    { label: 'Visitors', value: formatCount(result.visitorsCount) },
    { label: 'Completions', value: formatCount(result.completionsCount) },
    { label: 'Leads', value: formatCount(result.leadsCount) },
    { label: 'Start rate', value: formatPercentage(rates.startRate), hint: 'Starts per visitor' },
    {
      label: 'Completion rate',
      value: formatPercentage(rates.completionRate),
      hint: 'Completions per start',
    },
    { label: 'Leads per completion', value: formatPercentage(rates.leadsPerCompletion) },
    { label: 'Leads per visitor', value: formatPercentage(rates.leadsPerVisitor) },
    {
      label: 'Median time to complete',
      value: formatDuration(result.medianSecondsToComplete),
      hint: 'From start to outcome',
    },
  ];
}

/** The three core cards (Visitors, Completions, Leads), then the rates and the time to complete. */
export function AnalyticsCards({ result }: { result: AnalyticsResult }) {
  return (
    <dl className="analytics-cards">
      {analyticsFigures(result).map((figure) => (
        <div key={figure.label} className="card analytics-card">
          <dt className="analytics-card__label">{figure.label}</dt>
          <dd className="analytics-card__value">{figure.value}</dd>
          {figure.hint && <dd className="analytics-card__hint">{figure.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}
