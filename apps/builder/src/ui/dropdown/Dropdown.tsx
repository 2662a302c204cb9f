import {
  autoUpdate,
  FloatingPortal,
  shift,
  size,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react';
import { type KeyboardEvent, useId, useState } from 'react';
import { type DropdownOption, filterOptions } from './filterOptions';
import { placeByAvailableRoom } from './popupPlacement';
import './Dropdown.css';

export const NO_RESULTS_TEXT = 'No Results';
const FIXED_POPUP_WIDTH_PX = 240;

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

function moveFocusBetweenOptions(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const options = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="option"]')];
  if (options.length === 0) return;
  event.preventDefault();
  const current = options.indexOf(document.activeElement as HTMLElement);
  const next = event.key === 'ArrowDown' ? current + 1 : current - 1;
  options[Math.max(0, Math.min(options.length - 1, next))]?.focus();
}

/** A select with a searchable popup list (spec sections 4 and 5). */
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
  const [search, setSearch] = useState('');
  const { refs, floatingStyles, context } = useFloating({
    open: isOpen,
    onOpenChange: (open) => {
      setIsOpen(open);
      if (!open) setSearch('');
    },
    placement: 'bottom-start',
    strategy: 'fixed',
    middleware: [
      size({
        apply({ rects, elements: popup }) {
          popup.floating.style.width = fixedWidth
            ? `${FIXED_POPUP_WIDTH_PX}px`
            : `${rects.reference.width}px`;
        },
      }),
      placeByAvailableRoom(),
      shift({ padding: 8 }),
    ],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([useClick(context), useDismiss(context)]);

  const selected = options.find((option) => option.value === value);
  const shown = filterOptions(options, search);

  function choose(next: Value) {
    onChange(next);
    setIsOpen(false);
    setSearch('');
  }

  return (
    <div className="field dropdown">
      <span id={labelId} className="field__label">
        {label}
      </span>
      <button
        ref={refs.setReference}
        type="button"
        role="combobox"
        className="input dropdown__trigger"
        aria-labelledby={labelId}
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        disabled={disabled}
        {...getReferenceProps()}
      >
        <span className="dropdown__value">{selected?.label ?? ''}</span>
        <span className="dropdown__chevron" aria-hidden="true">
          ▾
        </span>
      </button>
      {isOpen && (
        <FloatingPortal>
          <div
            ref={refs.setFloating}
            className="dropdown__popup"
            style={floatingStyles}
            {...getFloatingProps()}
          >
            {searchable && (
              <input
                className="input dropdown__search"
                type="search"
                placeholder="Search"
                aria-label="Search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                // biome-ignore lint/a11y/noAutofocus: the popup exists to be searched; focus follows its opening
                autoFocus
              />
            )}
            <div
              id={listId}
              role="listbox"
              aria-labelledby={labelId}
              className="dropdown__list"
              onKeyDown={moveFocusBetweenOptions}
            >
              {shown.map((option) => (
                <div
                  key={option.value}
                  role="option"
                  tabIndex={0}
                  aria-selected={option.value === value}
                  className="dropdown__option"
                  onClick={() => choose(option.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      choose(option.value);
                    }
                  }}
                >
                  {option.label}
                </div>
              ))}
              {shown.length === 0 && <p className="dropdown__empty">{NO_RESULTS_TEXT}</p>}
            </div>
          </div>
        </FloatingPortal>
      )}
    </div>
  );
}
