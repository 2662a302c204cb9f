import { useState } from 'react';

/**
 * Whether a group of fields should show its problem: only while the value is the one it had when the user
 * last left the group (or when it opened). Typing "10" passes through "1", which must not flash an error.
 */
export function useCheckedOnLeave<Value>(value: Value): { isChecked: boolean; onBlur: () => void } {
  const [checked, setChecked] = useState(value);
  return { isChecked: checked === value, onBlur: () => setChecked(value) };
}
