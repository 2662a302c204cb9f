import { useId } from 'react';

interface TextFieldProps {
  label: string;
  type: 'email' | 'password' | 'text';
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  hasError?: boolean;
  disabled?: boolean;
}

export function TextField({
  label,
  type,
  value,
  onChange,
  autoComplete,
  hasError = false,
  disabled,
}: TextFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={hasError ? 'input input--error' : 'input'}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        aria-invalid={hasError ? true : undefined}
        disabled={disabled}
        required
      />
    </div>
  );
}
