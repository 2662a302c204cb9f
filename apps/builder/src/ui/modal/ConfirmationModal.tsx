import type { ReactNode } from 'react';
import { Modal } from './Modal';

export const DEFAULT_CONFIRMATION_TITLE = 'Are you sure?';

interface ConfirmationModalProps {
  title?: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}

export function ConfirmationModal({
  title = DEFAULT_CONFIRMATION_TITLE,
  confirmLabel = 'OK',
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
          <button type="button" className="button" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
