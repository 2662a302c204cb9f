import type { DropdownOption } from './filterOptions';

/** True when both lists offer the same values with the same labels, in the same order. */
export function sameOptions<Value extends string>(
  first: DropdownOption<Value>[],
  second: DropdownOption<Value>[],
): boolean {
  return (
    first.length === second.length &&
    first.every(
      (option, index) => option.value === second[index]?.value && option.label === second[index]?.label,
    )
  );
}
