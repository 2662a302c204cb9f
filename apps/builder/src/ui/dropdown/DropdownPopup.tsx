import {
  autoUpdate,
  FloatingPortal,
  shift,
  size,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react';
import { type KeyboardEvent, type RefObject, useLayoutEffect, useState } from 'react';
import { type DropdownOption, filterOptions } from './filterOptions';
import { placeByAvailableRoom } from './popupPlacement';

export const NO_RESULTS_TEXT = 'No Results';
const FIXED_POPUP_WIDTH_PX = 240;

interface DropdownPopupProps<Value extends string> {
  triggerRef: RefObject<HTMLElement | null>;
  listId: string;
  labelId: string;
  options: DropdownOption<Value>[];
  value: Value;
  searchable: boolean;
  fixedWidth: boolean;
  onChoose: (value: Value) => void;
  onClose: () => void;
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

/**
 * The open list of a Dropdown. It exists only while open, so the positioning hooks cost nothing for the
 * many closed dropdowns of an editor screen; its search starts empty on each opening.
 */
export function DropdownPopup<Value extends string>({
  triggerRef,
  listId,
  labelId,
  options,
  value,
  searchable,
  fixedWidth,
  onChoose,
  onClose,
}: DropdownPopupProps<Value>) {
  const [search, setSearch] = useState('');
  const { refs, floatingStyles, context } = useFloating({
    open: true,
    onOpenChange: (open) => {
      if (!open) onClose();
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
  useLayoutEffect(() => refs.setReference(triggerRef.current), [refs, triggerRef]);
  const { getFloatingProps } = useInteractions([useDismiss(context)]);
  const shown = filterOptions(options, search);

  return (
    <FloatingPortal>
      <div ref={refs.setFloating} className="dropdown__popup" style={floatingStyles} {...getFloatingProps()}>
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
              style={option.style}
              onClick={() => onChoose(option.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onChoose(option.value);
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
  );
}
