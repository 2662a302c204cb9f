import { lazy, Suspense, useId } from 'react';
import './RichTextField.css';

// The editor library is loaded with the first field shown, never with the pages that have none.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

interface RichTextFieldProps {
  label: string;
  /** HTML (older values may be text with line breaks); '' when empty. */
  value: string;
  /** Called with the field's HTML after each change; '' when it is emptied. */
  onChange: (html: string) => void;
  disabled?: boolean;
}

/**
 * A labelled field for formatted text (bold, italic, links, lists, line breaks) whose value is HTML within what
 * the published page keeps. Until the editor has loaded, an empty read-only text area holds its place.
 */
export function RichTextField({ label, value, onChange, disabled = false }: RichTextFieldProps) {
  const labelId = useId();
  const editableId = useId();
  return (
    <div className="field">
      {/* The editable area is not a form control, so the label focuses it itself. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a label takes no keyboard focus; Tab reaches the field */}
      <label
        id={labelId}
        className="field__label"
        htmlFor={editableId}
        onClick={() => document.getElementById(editableId)?.focus()}
      >
        {label}
      </label>
      <Suspense
        fallback={
          <textarea
            id={editableId}
            className="input rich-text__loading"
            rows={4}
            readOnly
            aria-busy="true"
            disabled={disabled}
            aria-disabled={disabled || undefined}
          />
        }
      >
        <RichTextEditor
          editableId={editableId}
          labelId={labelId}
          value={value}
          onChange={onChange}
          disabled={disabled}
        />
      </Suspense>
    </div>
  );
}
