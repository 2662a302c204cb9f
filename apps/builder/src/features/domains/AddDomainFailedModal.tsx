import { Modal } from '../../ui/modal/Modal';
import { SupportEmailLink } from '../../ui/SupportEmailLink';
import { ADD_FAILED_TITLE, DOMAIN_TAKEN_TITLE, domainTakenText, notPointingText } from './domainTexts';

/** Why adding a domain failed: its DNS is not ready (400), it belongs to another account (409), or the server's reason. */
export type AddDomainFailure =
  | { kind: 'not-pointing'; host: string }
  | { kind: 'rejected'; host: string; reason: string }
  | { kind: 'taken'; host: string };

interface AddDomainFailedModalProps {
  failure: AddDomainFailure;
  onClose: () => void;
}

export function AddDomainFailedModal({ failure, onClose }: AddDomainFailedModalProps) {
  const footer = (
    <button type="button" className="button" onClick={onClose}>
      OK
    </button>
  );
  if (failure.kind === 'taken') {
    return (
      <Modal title={DOMAIN_TAKEN_TITLE} onClose={onClose} footer={footer}>
        <p>
          {domainTakenText(failure.host)} If it is yours, contact support at <SupportEmailLink />.
        </p>
      </Modal>
    );
  }
  return (
    <Modal title={ADD_FAILED_TITLE} onClose={onClose} footer={footer}>
      <p>{failure.kind === 'rejected' ? failure.reason : notPointingText(failure.host)}</p>
    </Modal>
  );
}
