import { type KeyboardEvent, useId, useState } from 'react';
import { clampNumber, parseDecimal, stepNumber } from './numberInputRules';

interface NumberInputProps {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean;
  hasError?: boolean;
}

function displayed(value: number | null): string {
  return value === null ? '' : String(value);
}

/**
 * While focused it shows what the user typed ("1." is on the way to "1.5") and reports the parsed,
 * clamped number on every change; otherwise it shows the value it was given.
 */
export function NumberInput({
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
  disabled,
  hasError = false,
}: NumberInputProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);

  function change(text: string) {
    setDraft(text);
    const parsed = parseDecimal(text);
    onChange(parsed === null ? null : clampNumber(parsed, min, max));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const next = stepNumber(value, event.key === 'ArrowUp' ? 1 : -1, step, min, max);
    setDraft(displayed(next));
    onChange(next);
  }

  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={hasError ? 'input input--error' : 'input'}
        type="text"
        inputMode="decimal"
        role="spinbutton"
        aria-valuenow={value ?? undefined}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-invalid={hasError ? true : undefined}
        value={draft ?? displayed(value)}
        disabled={disabled}
        onChange={(event) => change(event.target.value)}
        onKeyDown={handleKeyDown}
        onBlur={() => setDraft(null)}
      />
    </div>
  );
}
