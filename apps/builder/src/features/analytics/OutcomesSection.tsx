import type { AnalyticsResult } from '@quizbeam/contracts/analytics';
import { useId } from 'react';
import { formatCount, formatPercentage } from './analyticsFormat';
import { ShareBar } from './ShareBar';

export const NO_COMPLETIONS_TEXT = 'No visitor reached an outcome in this range.';

/** Each outcome with how many completions ended there and their share of all completions. */
export function OutcomesSection({ outcomes }: { outcomes: AnalyticsResult['outcomes'] }) {
  const headingId = useId();
  return (
    <section className="card analytics-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Outcomes</h2>
      {outcomes.length === 0 ? (
        <p className="analytics-section__muted">{NO_COMPLETIONS_TEXT}</p>
      ) : (
        <ul className="share-list" aria-labelledby={headingId}>
          {outcomes.map((outcome) => (
            <li key={outcome.id ?? 'none'} className="share-list__item">
              <span className="share-list__label">{outcome.title}</span>
              <span className="share-list__figures">
                {formatCount(outcome.count)} · {formatPercentage(outcome.percentage)}
              </span>
              <ShareBar percentage={outcome.percentage} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
