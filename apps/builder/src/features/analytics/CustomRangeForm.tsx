import { type FormEvent, useId, useState } from 'react';
import { type AnalyticsDays, customRangeError } from './analyticsRange';

interface CustomRangeFormProps {
  initial: Required<AnalyticsDays>;
  today: string;
  /** The server's reason when it refused the range asked for. */
  refusedMessage: string | null;
  onApply: (days: Required<AnalyticsDays>) => void;
}

/** Two UTC days, checked here as the server checks them (not in the future, in order, at most 5 years). */
export function CustomRangeForm({ initial, today, refusedMessage, onApply }: CustomRangeFormProps) {
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [error, setError] = useState<string | null>(null);
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const message = error ?? refusedMessage;

  function apply(event: FormEvent) {
    event.preventDefault();
    const refusal = customRangeError(from, to, today);
    setError(refusal);
    if (!refusal) onApply({ from, to });
  }

  return (
    <form className="analytics-custom-range" onSubmit={apply} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={fromId}>
          From
        </label>
        <input
          id={fromId}
          type="date"
          className={message ? 'input input--error' : 'input'}
          value={from}
          max={today}
          aria-describedby={message ? errorId : undefined}
          onChange={(event) => setFrom(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={toId}>
          To
        </label>
        <input
          id={toId}
          type="date"
          className={message ? 'input input--error' : 'input'}
          value={to}
          max={today}
          aria-describedby={message ? errorId : undefined}
          onChange={(event) => setTo(event.target.value)}
        />
      </div>
      <button type="submit" className="button">
        Apply
      </button>
      {message && (
        <p id={errorId} className="field__error analytics-custom-range__error" role="alert">
          {message}
        </p>
      )}
    </form>
  );
}
