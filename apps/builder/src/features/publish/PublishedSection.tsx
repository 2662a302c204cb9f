import { useState } from 'react';
import { ButtonWithReason } from '../../ui/ButtonWithReason';
import { CopyButton } from '../../ui/CopyButton';
import { ConfirmationModal } from '../../ui/modal/ConfirmationModal';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { LINK_COPIED_TEXT } from '../quizzes/ShareQuizModal';
import { DomainSelect } from './DomainSelect';
import { EmbedCodeSection } from './embed/EmbedCodeSection';
import { PublishAddressField } from './PublishAddressField';
import { moveNoticeText, UNPUBLISH_CONFIRMATION_TEXT } from './publishTexts';
import { QrCodeSection } from './qrCode/QrCodeSection';

interface PublishedSectionProps {
  url: string;
  /** The host the quiz is live on, and its path there. */
  host: string | null;
  path: string;
  /** The quiz's URL on the chosen host, when it differs from the live one: Republish moves the quiz there. */
  movesTo: string | null;
  /** Set when the current quiz could not be published, so Republish would be refused. */
  republishBlockedReason: string | null;
  onRepublish: () => void;
  onUnpublish: () => void;
}

export function PublishedSection({
  url,
  host,
  path,
  movesTo,
  republishBlockedReason,
  onRepublish,
  onUnpublish,
}: PublishedSectionProps) {
  const [confirmingUnpublish, setConfirmingUnpublish] = useState(false);
  return (
    <div className="publish-tab__section">
      <h2 className="publish-tab__title">Published</h2>
      <div className="field">
        <span className="field__label">Published URL</span>
        <div className="publish-tab__row">
          <a className="publish-tab__url" href={url} target="_blank" rel="noopener noreferrer">
            {url}
          </a>
          <CopyButton
            text={url}
            label="Copy Link"
            onCopied={() => showSuccess(LINK_COPIED_TEXT)}
            onCopyFailed={showDefaultError}
          />
        </div>
      </div>
      <PublishAddressField host={host} isLive />
      <DomainSelect />
      {movesTo && <p className="editor-tab-card__note">{moveNoticeText(url, movesTo)}</p>}
      <p className="editor-tab-card__note">Republish puts your latest changes live.</p>
      <div className="publish-tab__actions">
        <ButtonWithReason className="button" disabledReason={republishBlockedReason} onClick={onRepublish}>
          Republish
        </ButtonWithReason>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setConfirmingUnpublish(true)}
        >
          Unpublish
        </button>
      </div>
      {confirmingUnpublish && (
        <ConfirmationModal
          confirmLabel="Unpublish"
          onConfirm={() => {
            setConfirmingUnpublish(false);
            onUnpublish();
          }}
          onCancel={() => setConfirmingUnpublish(false)}
        >
          <p>{UNPUBLISH_CONFIRMATION_TEXT}</p>
        </ConfirmationModal>
      )}
      <EmbedCodeSection url={url} />
      <QrCodeSection url={url} path={path} />
    </div>
  );
}
