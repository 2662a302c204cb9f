import { formatUsage, type Usage, usageLimitMessage } from '@quizbeam/contracts/account';
import { LIMIT_REACHED_TEXT, OVER_LIMIT_TEXT, USAGE_LIMITS_TITLE } from './accountTexts';

function UsageLine({ usage }: { usage: Usage }) {
  const isOver = usage.usage > usage.limit;
  const isAtLimit = usage.usage >= usage.limit;
  // Only leads keep arriving past a limit; everything else is refused at it, so only leads can be over.
  const showsLeadsNote = usage.key === 'leadsPerMonth' && isOver;
  return (
    <li className={isAtLimit ? 'usage-limits__line usage-limits__line--reached' : 'usage-limits__line'}>
      <span className="usage-limits__label">{usage.label}</span>
      <span className="usage-limits__value">{formatUsage(usage)}</span>
      {isAtLimit && (
        <span className="usage-limits__mark">{isOver ? OVER_LIMIT_TEXT : LIMIT_REACHED_TEXT}</span>
      )}
      {showsLeadsNote && <p className="usage-limits__note">{usageLimitMessage(usage.key, usage.limit)}</p>}
    </li>
  );
}

/** The Account page's usage list: "label usage / limit" per limit, en-US; a line at or over its limit is marked. */
export function UsageLimitsList({ usage }: { usage: Usage[] }) {
  return (
    <section className="card account__section" aria-labelledby="usage-limits-title">
      <h2 id="usage-limits-title" className="account__section-title">
        {USAGE_LIMITS_TITLE}
      </h2>
      <ul className="usage-limits" aria-label={USAGE_LIMITS_TITLE}>
        {usage.map((line) => (
          <UsageLine key={line.key} usage={line} />
        ))}
      </ul>
    </section>
  );
}
