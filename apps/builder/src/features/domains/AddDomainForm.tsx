import { type DnsRecord, domainHostSchema, domainRuleError } from '@quizbeam/contracts/domains';
import { type ClipboardEvent, type FormEvent, useId, useState } from 'react';
import { domainFromInput, domainWhileTyping } from './domainInput';
import { DNS_INSTRUCTION_PENDING_TEXT, DOMAIN_INPUT_HINT, dnsInstructionText } from './domainTexts';

interface AddDomainFormProps {
  /** The records a domain needs; undefined until loaded. */
  dnsRecords: DnsRecord[] | undefined;
  /** Resolves true when the domain was added (the input is then cleared). */
  onAdd: (host: string) => Promise<boolean>;
}

export function AddDomainForm({ dnsRecords, onAdd }: AddDomainFormProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [submitError, setSubmitError] = useState<string | null>(null);
  // What the rules refuse shows while typing; an incomplete domain ("quiz.") only once submitted.
  const ruleError = domainRuleError(domainFromInput(value));
  const error = ruleError ?? submitError;

  function change(next: string) {
    setValue(next);
    setSubmitError(null);
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    change(
      domainFromInput(`${value.slice(0, start)}${event.clipboardData.getData('text')}${value.slice(end)}`),
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const host = domainFromInput(value);
    setValue(host);
    if (domainRuleError(host)) return;
    const parsed = domainHostSchema.safeParse(host);
    if (!parsed.success) {
      setSubmitError(parsed.error.issues[0]?.message ?? null);
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
          onChange={(event) => change(domainWhileTyping(event.target.value))}
          onPaste={paste}
          onBlur={() => setValue(domainFromInput(value))}
        />
        <button type="submit" className="button" disabled={value.trim() === '' || ruleError !== null}>
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
        {dnsRecords ? dnsInstructionText(dnsRecords) : DNS_INSTRUCTION_PENDING_TEXT}
      </p>
    </form>
  );
}
