import { isWebAddress, normalizeWebAddress, webAddressProblem } from '@quizbeam/contracts/webAddress';
import { useState } from 'react';
import { TextInputField } from './TextInputField';

interface WebAddressFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

/**
 * A field for an address visitors will be sent to (`@quizbeam/contracts/webAddress`). Nothing is checked
 * while typing; on leaving the field, https:// is added when the scheme is missing (so the user sees the
 * address that will be used), and an address that is not http or https says why under the field until it
 * is changed. Empty is not an error here: whether one is required is for Publish to say.
 */
export function WebAddressField({ label, value, onChange, placeholder }: WebAddressFieldProps) {
  // The text when the field was last left (or opened): its problem shows until the text changes.
  const [checkedValue, setCheckedValue] = useState(value);

  function check() {
    const address = normalizeWebAddress(value) ?? value;
    if (address !== value) onChange(address);
    setCheckedValue(address);
  }

  const isChecked = value === checkedValue && value.trim() !== '';
  const problem = isChecked && !isWebAddress(value) ? webAddressProblem(value) : null;
  return (
    <TextInputField
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={onChange}
      onBlur={check}
      errorMessage={problem}
    />
  );
}
