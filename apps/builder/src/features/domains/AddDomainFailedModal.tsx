import type { DnsRecord } from '@quizbeam/contracts/domains';
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
  /** The records the domain needs, for the instructions; undefined when they could not be loaded. */
  dnsRecords: DnsRecord[] | undefined;
  onClose: () => void;
}

export function AddDomainFailedModal({ failure, dnsRecords, onClose }: AddDomainFailedModalProps) {
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
      <p>{failure.kind === 'rejected' ? failure.reason : notPointingText(failure.host, dnsRecords)}</p>
    </Modal>
  );
}
