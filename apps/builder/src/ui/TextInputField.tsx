import { useId } from 'react';

interface TextInputFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** When the input loses focus (a field that checks or tidies what was typed does it then). */
  onBlur?: () => void;
  multiline?: boolean;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  /** Shown under the input, which is then marked invalid. */
  errorMessage?: string | null;
  /** What the field takes, shown under it (after any error) and read with it by screen readers. */
  hint?: string;
  /** Marks the input invalid without a message of its own (the form says why elsewhere). */
  invalid?: boolean;
  /** The most characters the server takes: typing or pasting stops there. */
  maxLength?: number;
}

/** The one labelled text field: an input (text, email, password) or a text area, with an optional error. */
export function TextInputField({
  label,
  value,
  onChange,
  onBlur,
  multiline = false,
  type = 'text',
  autoComplete,
  placeholder,
  disabled,
  required,
  errorMessage,
  invalid = false,
  maxLength,
  hint,
}: TextInputFieldProps) {
  const id = useId();
  const errorId = useId();
  const hintId = useId();
  const isInvalid = invalid || Boolean(errorMessage);
  const shared = {
    id,
    className: isInvalid ? 'input input--error' : 'input',
    value,
    placeholder,
    disabled,
    required,
    maxLength,
    'aria-invalid': isInvalid ? true : undefined,
    'aria-describedby':
      [errorMessage ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined,
    onBlur,
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <div className="field__text-area">
          <textarea {...shared} rows={4} onChange={(event) => onChange(event.target.value)} />
        </div>
      ) : (
        <input
          {...shared}
          type={type}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {errorMessage && (
        <span id={errorId} className="field__error">
          {errorMessage}
        </span>
      )}
      {hint && (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      )}
    </div>
  );
}
