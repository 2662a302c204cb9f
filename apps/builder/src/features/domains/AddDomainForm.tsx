import { type DnsRecord, domainHostSchema, domainRuleError } from '@quizbeam/contracts/domains';
import { type ClipboardEvent, type FormEvent, useId, useState } from 'react';
import { domainFromInput, domainWhileTyping } from './domainInput';
import {
  DNS_INSTRUCTION_PENDING_TEXT,
  DOMAIN_INPUT_HINT,
  dnsInstructionText,
  URL_REDUCED_NOTE,
} from './domainTexts';

/** Whether taking the domain out of what was entered dropped more than spaces and capitals. */
const isReduced = (entered: string, host: string) => host !== entered.trim().toLowerCase();

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
  const noteId = useId();
  const [value, setValue] = useState('');
  const [submitError, setSubmitError] = useState<string | null>(null);
  // Set when the field cut a web address down to its domain; typing clears it.
  const [wasReduced, setWasReduced] = useState(false);
  // What the rules refuse shows while typing; an incomplete domain ("quiz.") only once submitted.
  const ruleError = domainRuleError(domainFromInput(value));
  const error = ruleError ?? submitError;

  function change(next: string) {
    setValue(next);
    setSubmitError(null);
    setWasReduced(false);
  }

  /** The domain in what the field holds (leaving the field, or Add); the note says if more was there. */
  function keepDomainOnly(): string {
    const host = domainFromInput(value);
    setValue(host);
    if (isReduced(value, host)) setWasReduced(true);
    return host;
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    const pasted = value.slice(0, start) + event.clipboardData.getData('text') + value.slice(end);
    const host = domainFromInput(pasted);
    change(host);
    setWasReduced(isReduced(pasted, host));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const host = keepDomainOnly();
    if (domainRuleError(host)) return;
    const parsed = domainHostSchema.safeParse(host);
    if (!parsed.success) {
      setSubmitError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    if (await onAdd(parsed.data)) change('');
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
          aria-describedby={[error ? errorId : '', wasReduced ? noteId : '', hintId]
            .filter(Boolean)
            .join(' ')}
          onChange={(event) => change(domainWhileTyping(event.target.value))}
          onPaste={paste}
          onBlur={keepDomainOnly}
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
      {wasReduced && (
        <p id={noteId} className="add-domain__hint" aria-live="polite">
          {URL_REDUCED_NOTE}
        </p>
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
