import { getClientConfig } from '../../config/clientConfig';
import { CopyButton } from '../../ui/CopyButton';
import { Modal } from '../../ui/modal/Modal';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../ui/notifications/notificationStore';

export const LINK_COPIED_TEXT = 'Link has been copied to your clipboard.';

export function shareLink(shareCode: string): string {
  return `${window.location.origin}${getClientConfig().basePath}/share/${encodeURIComponent(shareCode)}`;
}

interface ShareQuizModalProps {
  quizName: string;
  shareCode: string;
  onClose: () => void;
}

export function ShareQuizModal({ quizName, shareCode, onClose }: ShareQuizModalProps) {
  const link = shareLink(shareCode);
  return (
    <Modal
      title={`Share ${quizName}`}
      onClose={onClose}
      footer={
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      <p>Anyone with this link can preview the quiz and import a copy into their own account.</p>
      <div className="share-link">
        <input className="input" readOnly value={link} aria-label="Share link" />
        <CopyButton
          text={link}
          onCopied={() => showSuccess(LINK_COPIED_TEXT)}
          onCopyFailed={showDefaultError}
        />
      </div>
    </Modal>
  );
}
