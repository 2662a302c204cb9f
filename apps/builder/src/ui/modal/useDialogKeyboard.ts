import { type RefObject, useEffect, useRef } from 'react';
import { focusableElementsIn, trapTabKey } from './focusableElements';

interface DialogKeyboardOptions {
  /** Focus the first control inside (a form dialog) rather than the dialog itself (a full-screen view). */
  focusFirstControl: boolean;
  /** Keep Ctrl/Cmd shortcuts (the editor's undo and redo) from reaching the page underneath. */
  isolateShortcuts?: boolean;
}

/**
 * What every dialog does with the keyboard: focus moves in on open and back where it was on close,
 * Escape closes, and Tab stays inside.
 */
export function useDialogKeyboard(
  dialogRef: RefObject<HTMLElement | null>,
  onClose: () => void,
  { focusFirstControl, isolateShortcuts = false }: DialogKeyboardOptions,
): void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the options are fixed for a dialog's life.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const active = document.activeElement;
    const focusBefore = active instanceof HTMLElement && active !== document.body ? active : null;
    const [firstFocusable] = focusFirstControl ? focusableElementsIn(dialog) : [];
    (firstFocusable ?? dialog).focus();

    function handleKeyDown(event: KeyboardEvent) {
      if (!dialog) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      trapTabKey(event, dialog);
      if (isolateShortcuts && (event.ctrlKey || event.metaKey)) event.stopPropagation();
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      focusBefore?.focus();
    };
  }, []);
}
