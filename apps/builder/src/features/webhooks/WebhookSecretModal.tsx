import { CopyButton } from '../../ui/CopyButton';
import { Modal } from '../../ui/modal/Modal';
import { showError, showSuccess } from '../../ui/notifications/notificationStore';
import { SECRET_COPIED_TEXT, SECRET_COPY_FAILED_TEXT, SECRET_SHOWN_ONCE_TEXT } from './webhookTexts';

interface WebhookSecretModalProps {
  webhookName: string;
  secret: string;
  onClose: () => void;
}

/** The signing secret, shown once after Add Webhook or Rotate secret: the server never sends it again. */
export function WebhookSecretModal({ webhookName, secret, onClose }: WebhookSecretModalProps) {
  return (
    <Modal
      title={`Secret of ${webhookName}`}
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          Done
        </button>
      }
    >
      <p>
        Use this secret to check the <code>webhook-signature</code> header of each request.{' '}
        <strong>{SECRET_SHOWN_ONCE_TEXT}</strong>
      </p>
      <div className="webhook-secret">
        <input
          className="input webhook-secret__value"
          readOnly
          value={secret}
          aria-label="Webhook secret"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton
          text={secret}
          onCopied={() => showSuccess(SECRET_COPIED_TEXT)}
          onCopyFailed={() => showError(SECRET_COPY_FAILED_TEXT)}
        />
      </div>
    </Modal>
  );
}
