import { domainHostSchema } from '@quizbeam/contracts/domains';
import { type FormEvent, useId, useState } from 'react';
import { DOMAIN_INPUT_HINT, publishHostname } from './domainTexts';
import { sanitizeDomainInput } from './sanitizeDomainInput';

interface AddDomainFormProps {
  /** Resolves true when the domain was added (the input is then cleared). */
  onAdd: (host: string) => Promise<boolean>;
}

export function AddDomainForm({ onAdd }: AddDomainFormProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = domainHostSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    if (await onAdd(parsed.data)) setValue('');
  }

  return (
    <form className="card add-domain" onSubmit={submit} noValidate>
      <label className="field__label" htmlFor={inputId}>
        Enter Domain
      </label>
      <div className="add-domain__row">
        <input
          id={inputId}
          className={error ? 'input input--error' : 'input'}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="quiz.example.com"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            setValue(sanitizeDomainInput(event.target.value));
            setError(null);
          }}
        />
        <button type="submit" className="button" disabled={value.trim() === ''}>
          Add
        </button>
      </div>
      {error && (
        <span id={errorId} className="field__error">
          {error}
        </span>
      )}
      <p id={hintId} className="add-domain__hint">
        {DOMAIN_INPUT_HINT}
      </p>
      <p className="add-domain__instruction">
        Before adding a domain, go to your domain registrar and add a CNAME record for it with the value{' '}
        <code>{publishHostname()}</code>. DNS changes can take 10-20 minutes to take effect, sometimes up to
        24 hours.
      </p>
    </form>
  );
}
