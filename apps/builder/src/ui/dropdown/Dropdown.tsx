import { useId, useRef, useState } from 'react';
import { DropdownPopup } from './DropdownPopup';
import type { DropdownOption } from './filterOptions';
import './Dropdown.css';

interface DropdownProps<Value extends string> {
  label: string;
  options: DropdownOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  /** Shows the search input above the list (default on). */
  searchable?: boolean;
  /** The popup is 240px wide instead of the trigger's width. */
  fixedWidth?: boolean;
  disabled?: boolean;
}

/** A select with a searchable popup list. */
export function Dropdown<Value extends string>({
  label,
  options,
  value,
  onChange,
  searchable = true,
  fixedWidth = false,
  disabled = false,
}: DropdownProps<Value>) {
  const labelId = useId();
  const listId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const selected = options.find((option) => option.value === value);

  function choose(next: Value) {
    onChange(next);
    setIsOpen(false);
  }

  return (
    <div className="field dropdown">
      <span id={labelId} className="field__label">
        {label}
      </span>
      <button
        ref={triggerRef}
        type="button"
        role="combobox"
        className="input dropdown__trigger"
        aria-labelledby={labelId}
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        title={selected?.label}
        disabled={disabled}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span className="dropdown__value" style={selected?.style}>
          {selected?.label ?? ''}
        </span>
        <span className="dropdown__chevron" aria-hidden="true">
          ▾
        </span>
      </button>
      {isOpen && (
        <DropdownPopup
          triggerRef={triggerRef}
          listId={listId}
          labelId={labelId}
          options={options}
          value={value}
          searchable={searchable}
          fixedWidth={fixedWidth}
          onChoose={choose}
          onClose={() => setIsOpen(false)}
        />
      )}
    </div>
  );
}
