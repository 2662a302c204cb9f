import { useId } from 'react';

interface TextInputFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  /** Shown under the input, which is then marked invalid. */
  errorMessage?: string | null;
}

/** A labelled text input or text area with an optional inline error. */
export function TextInputField({
  label,
  value,
  onChange,
  multiline = false,
  placeholder,
  disabled,
  required,
  errorMessage,
}: TextInputFieldProps) {
  const id = useId();
  const errorId = useId();
  const shared = {
    id,
    className: errorMessage ? 'input input--error' : 'input',
    value,
    placeholder,
    disabled,
    required,
    'aria-invalid': errorMessage ? true : undefined,
    'aria-describedby': errorMessage ? errorId : undefined,
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
        <input {...shared} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      {errorMessage && (
        <span id={errorId} className="field__error">
          {errorMessage}
        </span>
      )}
    </div>
  );
}
