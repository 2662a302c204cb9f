import { parseColor, toRgbaText } from '@quizbeam/contracts/colorValue';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { ColorPickerPopup } from './ColorPickerPopup';
import { modeOfColorText, THEME_COLOR_TEXT } from './colorText';
import './ColorPicker.css';

interface ColorPickerProps {
  label: string;
  /** A colour the marketer chose, or '' when the theme's colour applies. */
  value: string;
  /**
   * Called with the chosen colour as hex or rgba() text (by the popup's mode), or '' when cleared. It is
   * called on every move of a drag, so a caller keeping undo steps should coalesce them.
   */
  onChange: (value: string) => void;
  /** The theme's colour, shown while value is ''. */
  themeDefault?: string;
  /** A warning about the colour shown under the field (e.g. its text reads badly on its background). */
  warning?: string | null;
  disabled?: boolean;
}

const KEYS_THAT_OPEN = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * The colour field: a read-only value with a swatch and a clear action; a click opens the picker popup
 * (295px) below, above or over the field, and a second click or one outside closes it.
 */
export function ColorPicker({
  label,
  value,
  onChange,
  themeDefault,
  warning = null,
  disabled = false,
}: ColorPickerProps) {
  const inputId = useId();
  const labelId = useId();
  const dialogId = useId();
  const noteId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const referenceRef = useRef<HTMLDivElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);

  const hasOwnColor = value !== '';
  const effectiveColor = hasOwnColor ? value : (themeDefault ?? '');
  const shownText = hasOwnColor
    ? value
    : themeDefault
      ? `${THEME_COLOR_TEXT} (${themeDefault})`
      : THEME_COLOR_TEXT;

  function openOnKey(event: KeyboardEvent<HTMLInputElement>) {
    if (isOpen || !KEYS_THAT_OPEN.has(event.key)) return;
    event.preventDefault();
    setIsOpen(true);
  }

  return (
    <div className="field color-picker">
      <label id={labelId} htmlFor={inputId} className="field__label">
        {label}
      </label>
      <div className="color-picker__control">
        <div ref={referenceRef} className="color-picker__field">
          <span className="color-picker__swatch" aria-hidden="true">
            <span
              className="color-picker__swatch-fill"
              style={{
                backgroundColor:
                  effectiveColor === '' ? 'transparent' : toRgbaText(parseColor(effectiveColor)),
              }}
            />
          </span>
          <input
            ref={fieldRef}
            id={inputId}
            className="input color-picker__value"
            role="combobox"
            readOnly
            value={shownText}
            title={shownText}
            disabled={disabled}
            aria-haspopup="dialog"
            aria-expanded={isOpen}
            aria-controls={isOpen ? dialogId : undefined}
            aria-describedby={warning ? noteId : undefined}
            onClick={() => setIsOpen((open) => !open)}
            onKeyDown={openOnKey}
          />
        </div>
        {hasOwnColor && (
          <button
            type="button"
            className="color-picker__clear"
            aria-label={`Clear ${label}`}
            title="Use the theme's color"
            disabled={disabled}
            onClick={() => onChange('')}
          >
            ×
          </button>
        )}
      </div>
      {warning && (
        <span id={noteId} role="note" className="field__hint color-picker__note">
          {warning}
        </span>
      )}
      {isOpen && (
        <ColorPickerPopup
          referenceRef={referenceRef}
          fieldRef={fieldRef}
          dialogId={dialogId}
          labelId={labelId}
          initialColor={parseColor(effectiveColor)}
          initialMode={modeOfColorText(value)}
          hasOwnColor={hasOwnColor}
          onColor={onChange}
          onClose={() => setIsOpen(false)}
        />
      )}
    </div>
  );
}
