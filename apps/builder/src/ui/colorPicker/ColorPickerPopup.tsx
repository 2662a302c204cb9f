import {
  autoUpdate,
  FloatingFocusManager,
  FloatingPortal,
  shift,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react';
import { parseColor } from '@quizbeam/contracts/colorValue';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { type RgbaColor, RgbaColorPicker } from 'react-colorful';
import { placeByAvailableRoom } from '../dropdown/popupPlacement';
import { COLOR_TEXT_MODES, type ColorTextMode, formatColor } from './colorText';

export const COLOR_CODE_LABEL = 'Color code';

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
 * from the field's value each time and the board's hue survives greys while dragging.
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
  const codeInputRef = useRef<HTMLInputElement>(null);

  function setDraft(text: string | null) {
    draftRef.current = text;
    setDraftState(text);
  }

  function apply(next: RgbaColor, nextMode: ColorTextMode = mode) {
    setColor(next);
    onColor(formatColor(next, nextMode));
  }

  /** What was typed and not yet applied, forgotten once taken. */
  function takeDraft(): string | null {
    const text = draftRef.current;
    if (text !== null) setDraft(null);
    return text;
  }

  function commitDraft() {
    const text = takeDraft();
    if (text !== null) apply(parseColor(text));
  }

  function chooseMode(next: ColorTextMode) {
    setMode(next);
    const text = takeDraft();
    if (text !== null) apply(parseColor(text), next);
    else if (hasOwnColor) apply(color, next);
  }

  const { refs, floatingStyles, context } = useFloating({
    open: true,
    onOpenChange: (open, _event, reason) => {
      if (open) return;
      // Escape abandons what was being typed; any other way out keeps it.
      if (reason === 'escape-key') setDraft(null);
      else commitDraft();
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
          <RgbaColorPicker className="color-picker__board" color={color} onChange={apply} />
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
            className="input color-picker__code"
            aria-label={COLOR_CODE_LABEL}
            placeholder="#1f2937, rgb(), hsl() or a name"
            spellCheck={false}
            autoComplete="off"
            value={draft ?? formatColor(color, mode)}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commitDraft}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              commitDraft();
            }}
          />
        </div>
      </FloatingFocusManager>
    </FloatingPortal>
  );
}
