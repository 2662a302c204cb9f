import {
  getRetentionEndpoint,
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  RETENTION_SAVED_TEXT,
  RETENTION_TOO_LONG_TEXT,
  RETENTION_TOO_SHORT_TEXT,
  saveRetentionEndpoint,
} from '@quizbeam/contracts/retention';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpointQuery';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../ui/notifications/notificationStore';
import './RetentionCard.css';

export const RETENTION_TITLE = 'Data Retention';
export const RETENTION_NOTE =
  'Leads, visitor events and delivery attempts older than this are deleted every night. Applies to every quiz in your account.';
export const RETENTION_PERIOD_LABEL = 'Keep data';
export const RETENTION_DAYS_LABEL = 'Number of days';
export const RETENTION_WHOLE_DAYS_TEXT = 'Enter a whole number of days.';
export const RETENTION_LOAD_FAILED_TEXT =
  'The retention period could not be loaded. Reload the page to try again.';

const KEEP_FOREVER = 'forever';
const CUSTOM = 'custom';

export const RETENTION_CHOICES: readonly { days: number | null; label: string }[] = [
  { days: null, label: 'Keep forever' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
  { days: 730, label: '2 years' },
  { days: MAX_RETENTION_DAYS, label: '5 years' },
];

const choiceOf = (days: number | null): string =>
  days === null
    ? KEEP_FOREVER
    : RETENTION_CHOICES.some((choice) => choice.days === days)
      ? String(days)
      : CUSTOM;

interface RetentionForm {
  choice: string;
  /** The typed number of days, used when the choice is CUSTOM. */
  daysText: string;
}

const formOf = (days: number | null): RetentionForm => ({
  choice: choiceOf(days),
  daysText: days === null ? '' : String(days),
});

/** The period the form names, or why it names none. */
function periodOf(form: RetentionForm): { ok: true; days: number | null } | { ok: false; error: string } {
  if (form.choice === KEEP_FOREVER) return { ok: true, days: null };
  if (form.choice !== CUSTOM) return { ok: true, days: Number(form.choice) };
  const text = form.daysText.trim();
  if (!/^\d+$/.test(text)) return { ok: false, error: RETENTION_WHOLE_DAYS_TEXT };
  const days = Number(text);
  if (days < MIN_RETENTION_DAYS) return { ok: false, error: RETENTION_TOO_SHORT_TEXT };
  if (days > MAX_RETENTION_DAYS) return { ok: false, error: RETENTION_TOO_LONG_TEXT };
  return { ok: true, days };
}

/** The account's retention period, at the foot of each quiz's Leads tab (it applies to all of them). */
export function RetentionCard() {
  const titleId = useId();
  const choiceId = useId();
  const daysId = useId();
  const errorId = useId();
  const queryClient = useQueryClient();
  // A failed load says so in the card rather than over the leads: the list matters more on this tab.
  const saved = useEndpointQuery(getRetentionEndpoint, {}, { meta: { handlesError: () => true } });
  const saving = useEndpointMutation(saveRetentionEndpoint, {
    onSuccess: (stored) => queryClient.setQueryData(endpointKey(getRetentionEndpoint), stored),
  });
  // What the user chose until it is saved; before any, the saved period.
  const [edited, setEdited] = useState<RetentionForm | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = edited ?? formOf(saved.data?.retentionDays ?? null);
  const loaded = saved.data !== undefined;

  const change = (patch: Partial<RetentionForm>) => {
    setEdited({ ...form, ...patch });
    setError(null);
  };

  async function save() {
    const period = periodOf(form);
    if (!period.ok) {
      setError(period.error);
      return;
    }
    try {
      await saving.mutateAsync({ body: { retentionDays: period.days } });
    } catch (failure) {
      showDefaultError(failure);
      return;
    }
    setEdited(null);
    showSuccess(RETENTION_SAVED_TEXT);
  }

  return (
    <section className="card retention-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="retention-card__title">
        {RETENTION_TITLE}
      </h2>
      <p className="retention-card__note">{RETENTION_NOTE}</p>
      {saved.isError && <p className="field__error">{RETENTION_LOAD_FAILED_TEXT}</p>}
      <div className="retention-card__fields">
        <div className="field">
          <label className="field__label" htmlFor={choiceId}>
            {RETENTION_PERIOD_LABEL}
          </label>
          <select
            id={choiceId}
            className="input"
            value={form.choice}
            disabled={!loaded}
            onChange={(event) => change({ choice: event.target.value })}
          >
            {RETENTION_CHOICES.map((choice) => (
              <option key={choice.label} value={choice.days === null ? KEEP_FOREVER : String(choice.days)}>
                {choice.label}
              </option>
            ))}
            <option value={CUSTOM}>A number of days</option>
          </select>
        </div>
        {form.choice === CUSTOM && (
          <div className="field">
            <label className="field__label" htmlFor={daysId}>
              {RETENTION_DAYS_LABEL}
            </label>
            <input
              id={daysId}
              className={error ? 'input input--error' : 'input'}
              type="text"
              inputMode="numeric"
              value={form.daysText}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => change({ daysText: event.target.value })}
            />
          </div>
        )}
      </div>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
      <div>
        <button type="button" className="button" disabled={!loaded || saving.isPending} onClick={save}>
          Save
        </button>
      </div>
    </section>
  );
}
