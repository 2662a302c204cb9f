import type { ReactNode } from 'react';
import { Modal } from './Modal';

export const DEFAULT_CONFIRMATION_TITLE = 'Are you sure?';

interface ConfirmationModalProps {
  title?: string;
  confirmLabel?: string;
  /**
   * For a confirmation that destroys something (deletes, removes, disconnects): the confirm button is red.
   * Such a confirmation names what it does in `confirmLabel` rather than saying OK.
   */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}

export function ConfirmationModal({
  title = DEFAULT_CONFIRMATION_TITLE,
  confirmLabel = 'OK',
  destructive = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmationModalProps) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className={destructive ? 'button button--danger' : 'button'}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
