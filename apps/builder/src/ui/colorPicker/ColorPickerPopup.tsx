import {
  autoUpdate,
  FloatingFocusManager,
  FloatingPortal,
  shift,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react';
import { readColor } from '@quizbeam/contracts/colorValue';
import { type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import { type RgbaColor, RgbaColorPicker } from 'react-colorful';
import { placeByAvailableRoom } from '../dropdown/popupPlacement';
import { COLOR_TEXT_MODES, type ColorTextMode, formatColor } from './colorText';

export const COLOR_CODE_LABEL = 'Color code';
/** Beside the code input while what was typed there cannot be read as a colour. */
export const NOT_A_COLOR_TEXT = 'Not a color';

interface ColorPickerPopupProps {
  /** What the popup is placed against, and where presses do not count as outside ones. */
  referenceRef: RefObject<HTMLElement | null>;
  /** The field focus goes back to when the popup closes. */
  fieldRef: RefObject<HTMLInputElement | null>;
  dialogId: string;
  labelId: string;
  initialColor: RgbaColor;
  initialMode: ColorTextMode;
  /** False while the theme's colour applies: switching modes then sets nothing. */
  hasOwnColor: boolean;
  onColor: (text: string) => void;
  onClose: () => void;
}

/**
 * The open colour picker: react-colorful's board (its arrow keys move 5% of each range), the Hex/RGBA
 * switch and a text input that reads any colour. It exists only while open, so its working colour starts
 * from the field's value each time and the board's hue survives greys while dragging. Text that is not a
 * colour is never applied (it would be black): the input keeps it and says so, and the field keeps the last
 * colour until a readable one is typed; closing the popup then drops it.
 */
export function ColorPickerPopup({
  referenceRef,
  fieldRef,
  dialogId,
  labelId,
  initialColor,
  initialMode,
  hasOwnColor,
  onColor,
  onClose,
}: ColorPickerPopupProps) {
  const [color, setColor] = useState(initialColor);
  const [mode, setMode] = useState(initialMode);
  const [draft, setDraftState] = useState<string | null>(null);
  // The draft is also read from event handlers that may run before React re-renders (blur, then close).
  const draftRef = useRef<string | null>(null);
  const [isDraftUnreadable, setDraftUnreadable] = useState(false);
  const codeInputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  function setDraft(text: string | null) {
    draftRef.current = text;
    setDraftState(text);
    // The message goes as soon as the text reads as a colour (it is applied on Enter or leaving the input).
    if (text === null || readColor(text) !== null) setDraftUnreadable(false);
  }

  function apply(next: RgbaColor, nextMode: ColorTextMode = mode) {
    setColor(next);
    onColor(formatColor(next, nextMode));
  }

  /** Applies what was typed, if anything; true when there was nothing to apply or it was a colour. */
  function commitDraft(nextMode: ColorTextMode = mode): boolean {
    const text = draftRef.current;
    if (text === null) return true;
    const typed = readColor(text);
    if (!typed) {
      setDraftUnreadable(true);
      return false;
    }
    setDraft(null);
    apply(typed, nextMode);
    return true;
  }

  function chooseMode(next: ColorTextMode) {
    setMode(next);
    const hadDraft = draftRef.current !== null;
    if (commitDraft(next) && !hadDraft && hasOwnColor) apply(color, next);
  }

  const { refs, floatingStyles, context } = useFloating({
    open: true,
    onOpenChange: (open, _event, reason) => {
      if (open) return;
      // Escape abandons what was being typed; any other way out keeps it when it is a colour.
      if (reason !== 'escape-key') commitDraft();
      onClose();
    },
    placement: 'bottom-start',
    strategy: 'fixed',
    middleware: [placeByAvailableRoom(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  useLayoutEffect(() => refs.setReference(referenceRef.current), [refs, referenceRef]);
  const { getFloatingProps } = useInteractions([useDismiss(context)]);

  return (
    <FloatingPortal>
      <FloatingFocusManager
        context={context}
        modal={false}
        initialFocus={codeInputRef}
        returnFocus={fieldRef}
      >
        <div
          ref={refs.setFloating}
          id={dialogId}
          role="dialog"
          aria-labelledby={labelId}
          className="color-picker__popup"
          style={floatingStyles}
          {...getFloatingProps()}
        >
          <RgbaColorPicker
            className="color-picker__board"
            color={color}
            onChange={(next) => {
              setDraft(null);
              apply(next);
            }}
          />
          <fieldset className="color-picker__modes" aria-label="Color format">
            {COLOR_TEXT_MODES.map((option) => (
              <button
                key={option.mode}
                type="button"
                className="color-picker__mode"
                aria-pressed={mode === option.mode}
                onClick={() => chooseMode(option.mode)}
              >
                {option.label}
              </button>
            ))}
          </fieldset>
          <input
            ref={codeInputRef}
            className={
              isDraftUnreadable ? 'input input--error color-picker__code' : 'input color-picker__code'
            }
            aria-label={COLOR_CODE_LABEL}
            aria-invalid={isDraftUnreadable ? true : undefined}
            aria-describedby={isDraftUnreadable ? errorId : undefined}
            placeholder="#1f2937, rgb(), hsl() or a name"
            spellCheck={false}
            autoComplete="off"
            value={draft ?? formatColor(color, mode)}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={() => commitDraft()}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              commitDraft();
            }}
          />
          {isDraftUnreadable && (
            <span id={errorId} className="field__error">
              {NOT_A_COLOR_TEXT}
            </span>
          )}
        </div>
      </FloatingFocusManager>
    </FloatingPortal>
  );
}
