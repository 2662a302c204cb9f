import type { AnalyticsResult } from '@quizbeam/contracts/analytics';
import { useId } from 'react';
import { formatCount } from './analyticsFormat';

type Distribution = NonNullable<AnalyticsResult['scoreDistribution']>;

const MAX_LABELS = 11;

/** Each score from 0 to maxScore with its completions; a long scale labels only every few columns. */
export function scoreColumns({ counts }: Distribution) {
  const highest = Math.max(1, ...counts);
  const labelEvery = Math.ceil(counts.length / MAX_LABELS);
  return counts.map((count, score) => ({
    score,
    count,
    heightPercentage: (count / highest) * 100,
    labelled: score % labelEvery === 0 || score === counts.length - 1,
  }));
}

/** A histogram of completions per score (scored quizzes). */
export function ScoreDistribution({ distribution }: { distribution: Distribution }) {
  const headingId = useId();
  return (
    <section className="card analytics-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Score distribution</h2>
      <ol className="score-histogram" aria-labelledby={headingId}>
        {scoreColumns(distribution).map((column) => (
          <li key={column.score} className="score-histogram__column">
            <span className="visually-hidden">
              Score {formatCount(column.score)}: {formatCount(column.count)}
            </span>
            <span className="score-histogram__track" aria-hidden="true">
              <span className="score-histogram__bar" style={{ height: `${column.heightPercentage}%` }} />
            </span>
            <span className="score-histogram__score" aria-hidden="true">
              {column.labelled ? formatCount(column.score) : ''}
            </span>
          </li>
        ))}
      </ol>
      <p className="analytics-section__muted">
        Completions per score, from 0 to {formatCount(distribution.maxScore)}.
      </p>
    </section>
  );
}
