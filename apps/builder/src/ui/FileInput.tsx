import { useId, useRef } from 'react';
import './FileInput.css';

interface FileInputProps {
  label: string;
  /** The chosen file's name, or null when none is chosen. */
  fileName: string | null;
  onChoose: (file: File) => void;
  onRemove: () => void;
  /** The native accept list (".png,image/jpeg"); any type when absent. */
  accept?: string;
  disabled?: boolean;
  /** What files are accepted, shown under the input. */
  hint?: string;
  /** Why the last chosen file was refused; marks the input as errored. */
  error?: string | null;
}

export function FileInput({
  label,
  fileName,
  onChoose,
  onRemove,
  accept,
  disabled,
  hint,
  error,
}: FileInputProps) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  const inputRef = useRef<HTMLInputElement>(null);

  function remove() {
    if (inputRef.current) inputRef.current.value = '';
    onRemove();
  }

  return (
    <div className="field">
      <span className="field__label">{label}</span>
      <div className="file-input">
        <input
          ref={inputRef}
          id={id}
          className="file-input__native"
          type="file"
          accept={accept}
          disabled={disabled}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy === '' ? undefined : describedBy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared at once, so choosing the same file again (after a refusal) is seen as a choice.
            event.target.value = '';
            if (file) onChoose(file);
          }}
        />
        <label htmlFor={id} className="button button--secondary file-input__choose" aria-hidden="true">
          Choose File
        </label>
        {fileName ? (
          <>
            <span className="file-input__name">{fileName}</span>
            <button
              type="button"
              className="file-input__remove"
              aria-label={`Remove ${fileName}`}
              disabled={disabled}
              onClick={remove}
            >
              ×
            </button>
          </>
        ) : (
          <span className="file-input__none">No file chosen</span>
        )}
      </div>
      {error ? (
        <span id={errorId} className="field__error">
          {error}
        </span>
      ) : null}
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
