import { type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialogKeyboard } from './useDialogKeyboard';
import './Modal.css';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons along the bottom edge, outside the scrolling content. */
  footer?: ReactNode;
  /**
   * Sized for forms (575px) unless wide: 'list' for rows of cards that scroll, 'frame' for one full-height
   * page preview. A wide dialog leaves the focus on itself and keeps the editor's shortcuts out.
   */
  wide?: 'list' | 'frame';
}

/** A dialog over the page: Escape and the backdrop close it, Tab stays inside, focus returns afterwards. */
export function Modal({ title, onClose, children, footer, wide }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialogKeyboard(
    dialogRef,
    onClose,
    wide ? { focusFirstControl: false, isolateShortcuts: true } : { focusFirstControl: true },
  );

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
        className={wide ? `modal modal--wide modal--${wide}` : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <div className="modal__content">{children}</div>
        {footer && <div className="modal__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
