import type { CSSProperties } from 'react';

export interface DropdownOption<Value extends string> {
  value: Value;
  label: string;
  /** Drawn on the option and, when chosen, on the closed trigger's text (a font shown in itself). */
  style?: CSSProperties;
}

/** Case-insensitive substring match on the label; an empty search keeps every option. */
export function filterOptions<Value extends string>(
  options: DropdownOption<Value>[],
  search: string,
): DropdownOption<Value>[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return options;
  return options.filter((option) => option.label.toLowerCase().includes(needle));
}
