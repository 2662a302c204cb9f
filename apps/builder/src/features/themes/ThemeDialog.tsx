import { type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialogKeyboard } from '../../ui/modal/useDialogKeyboard';
import '../../ui/modal/Modal.css';
import './ThemeDialog.css';

interface ThemeDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer: ReactNode;
  /** 'frame': the content is one full-height preview frame; 'list': it scrolls (the gallery). */
  content: 'frame' | 'list';
}

/**
 * The wide dialog of the theme gallery and the theme preview: the shared Modal is sized for forms (575px),
 * too narrow for a page preview or rows of cards. Same keyboard rules as every dialog.
 */
export function ThemeDialog({ title, onClose, children, footer, content }: ThemeDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialogKeyboard(dialogRef, onClose, { focusFirstControl: false, isolateShortcuts: true });

  return createPortal(
    <div className="modal-backdrop">
      <button
        type="button"
        className="modal-backdrop__dismiss"
        aria-label="Close dialog"
        tabIndex={-1}
        onClick={onClose}
      />
      <div
        ref={dialogRef}
        className={`theme-dialog theme-dialog--${content}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="theme-dialog__title">
          {title}
        </h2>
        <div className="theme-dialog__content">{children}</div>
        <div className="theme-dialog__footer">{footer}</div>
      </div>
    </div>,
    document.body,
  );
}
