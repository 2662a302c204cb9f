import { useId } from 'react';

interface SelectFieldProps<Value extends string> {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
  disabled?: boolean;
}

/** The one labelled native select of a short, fixed list (arrow keys and type-ahead as the browser gives). */
export function SelectField<Value extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
}: SelectFieldProps<Value>) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        disabled={disabled}
        // The options are the only values the select can hold.
        onChange={(event) => onChange(event.target.value as Value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
