import type { Domain } from '@quizbeam/contracts/domains';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../api/ApiError';
import { ConfirmationModal } from '../../ui/modal/ConfirmationModal';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { PageHeader } from '../../ui/PageHeader';
import { AddDomainFailedModal, type AddDomainFailure } from './AddDomainFailedModal';
import { AddDomainForm } from './AddDomainForm';
import { DomainList } from './DomainList';
import { addDomain, listDomains, removeDomain } from './domainsApi';
import { DOMAIN_REMOVED_TEXT, removeDomainText } from './domainTexts';
import './DomainsPage.css';

function failureOf(error: unknown, host: string): AddDomainFailure | null {
  if (isApiError(error, 409)) return { kind: 'taken', host };
  if (!isApiError(error, 400)) return null;
  return error.code === 'validation_failed'
    ? { kind: 'rejected', host, reason: error.message }
    : { kind: 'not-pointing', host };
}

export function DomainsPage() {
  const [domains, setDomains] = useState<Domain[] | null>(null);
  const [failure, setFailure] = useState<AddDomainFailure | null>(null);
  const [domainToRemove, setDomainToRemove] = useState<Domain | null>(null);

  const reload = useCallback(async () => {
    try {
      setDomains(await listDomains());
    } catch {
      setDomains((current) => current ?? []);
      showDefaultError();
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  async function add(host: string): Promise<boolean> {
    try {
      await addDomain(host);
    } catch (error) {
      const known = failureOf(error, host);
      if (known) setFailure(known);
      else showDefaultError();
      return false;
    }
    await reload();
    return true;
  }

  async function confirmRemove(domain: Domain) {
    setDomainToRemove(null);
    try {
      await removeDomain(domain.id);
    } catch {
      showDefaultError();
      return;
    }
    await reload();
    showSuccess(DOMAIN_REMOVED_TEXT);
  }

  return (
    <>
      <PageHeader title="Domains" />
      <AddDomainForm onAdd={add} />
      <h2 className="domains__list-title">Domain List</h2>
      {domains !== null && <DomainList domains={domains} onRemove={setDomainToRemove} />}
      {failure && <AddDomainFailedModal failure={failure} onClose={() => setFailure(null)} />}
      {domainToRemove && (
        <ConfirmationModal
          confirmLabel="Remove"
          onConfirm={() => confirmRemove(domainToRemove)}
          onCancel={() => setDomainToRemove(null)}
        >
          <p>{removeDomainText(domainToRemove.host)}</p>
        </ConfirmationModal>
      )}
    </>
  );
}
