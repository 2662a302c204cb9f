import { type LeadFieldKind, leadFieldKinds } from '@quizbeam/contracts/leadFormFields';
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { ButtonWithReason } from '../../../ui/ButtonWithReason';
import { ADD_FIELD_LABEL, LEAD_FIELD_KIND_LABELS } from './leadFieldTexts';

interface AddLeadFieldMenuProps {
  onAdd: (kind: LeadFieldKind) => void;
  disabledReason: string | null;
  /** Holds the Add Field button, which the list focuses when the field that had focus is removed. */
  wrapperRef: RefObject<HTMLDivElement | null>;
}

const menuItems = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
];

/** The Add Field button and its menu of kinds (a menu button: arrows move, Escape closes). */
export function AddLeadFieldMenu({ onAdd, disabledReason, wrapperRef }: AddLeadFieldMenuProps) {
  const menuId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (isOpen) menuItems(menuRef.current)[0]?.focus();
  }, [isOpen]);

  function close() {
    setIsOpen(false);
    wrapperRef.current?.querySelector('button')?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const all = menuItems(menuRef.current);
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const focusAt = (index: number) => all[(index + all.length) % all.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(at + 1);
    else if (event.key === 'ArrowUp') focusAt(at - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(all.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') close();
    else return;
    event.preventDefault();
  }

  return (
    <div ref={wrapperRef} className="lead-fields__add">
      <ButtonWithReason
        className="button button--secondary"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        disabledReason={disabledReason}
        onClick={() => setIsOpen((open) => !open)}
      >
        {ADD_FIELD_LABEL}
      </ButtonWithReason>
      {isOpen && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={ADD_FIELD_LABEL}
          className="lead-fields__menu"
          onKeyDown={onMenuKeyDown}
          onBlur={(event) => {
            // Focus went somewhere else than the menu or its button (whose own click toggles it).
            const next = event.relatedTarget as Node | null;
            if (!wrapperRef.current?.contains(next)) setIsOpen(false);
          }}
        >
          {leadFieldKinds.map((kind) => (
            <button
              key={kind}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="lead-fields__menu-item"
              onClick={() => {
                onAdd(kind);
                setIsOpen(false);
              }}
            >
              {LEAD_FIELD_KIND_LABELS[kind]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
