import {
  addDomainEndpoint,
  type Domain,
  domainDnsRecordsEndpoint,
  listDomainsEndpoint,
  removeDomainEndpoint,
} from '@quizbeam/contracts/domains';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/ApiError';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpointQuery';
import { ConfirmationModal } from '../../ui/modal/ConfirmationModal';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { PageHeader } from '../../ui/PageHeader';
import { AddDomainFailedModal, type AddDomainFailure } from './AddDomainFailedModal';
import { AddDomainForm } from './AddDomainForm';
import { DomainList } from './DomainList';
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
  // The Publish tab's domain choice shares the list's cache.
  const list = useEndpointQuery(listDomainsEndpoint, {});
  // The server's configuration: it never changes while the page lives.
  const dnsRecords = useEndpointQuery(
    domainDnsRecordsEndpoint,
    {},
    { staleTime: Number.POSITIVE_INFINITY },
  ).data;
  // Empty when the list cannot be loaded (the default error says so), nothing until the first answer.
  const domains = list.data ?? (list.isError ? [] : null);
  const [failure, setFailure] = useState<AddDomainFailure | null>(null);
  const [domainToRemove, setDomainToRemove] = useState<Domain | null>(null);
  const queryClient = useQueryClient();
  // Both settle once the list is loaded again, so the input clears and "removed" shows with the list right.
  const reloadList = () => queryClient.invalidateQueries({ queryKey: endpointKey(listDomainsEndpoint) });
  const adding = useEndpointMutation(addDomainEndpoint, { onSuccess: reloadList });
  const removing = useEndpointMutation(removeDomainEndpoint, { onSuccess: reloadList });

  async function add(host: string): Promise<boolean> {
    try {
      await adding.mutateAsync({ body: { host } });
    } catch (error) {
      const known = failureOf(error, host);
      if (known) setFailure(known);
      else showDefaultError(error);
      return false;
    }
    return true;
  }

  async function confirmRemove(domain: Domain) {
    setDomainToRemove(null);
    try {
      await removing.mutateAsync({ params: { id: domain.id } });
    } catch (error) {
      showDefaultError(error);
      return;
    }
    showSuccess(DOMAIN_REMOVED_TEXT);
  }

  return (
    <>
      <PageHeader title="Domains" />
      <AddDomainForm dnsRecords={dnsRecords} onAdd={add} />
      <h2 className="domains__list-title">Domain List</h2>
      {domains !== null && <DomainList domains={domains} onRemove={setDomainToRemove} />}
      {failure && (
        <AddDomainFailedModal failure={failure} dnsRecords={dnsRecords} onClose={() => setFailure(null)} />
      )}
      {domainToRemove && (
        <ConfirmationModal
          destructive
          confirmLabel="Remove"
          onConfirm={() => confirmRemove(domainToRemove)}
          onCancel={() => setDomainToRemove(null)}
        >
          <p>{removeDomainText(domainToRemove.displayHost)}</p>
        </ConfirmationModal>
      )}
    </>
  );
}
