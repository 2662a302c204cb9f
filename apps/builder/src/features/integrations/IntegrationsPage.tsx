import type { Connection } from '@quizbeam/contracts/integrations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../api/ApiError';
import { ConfirmationModal } from '../../ui/modal/ConfirmationModal';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showError } from '../../ui/notifications/notificationStore';
import { PageHeader } from '../../ui/PageHeader';
import { useMe } from '../session/useMe';
import { WebhooksSection } from '../webhooks/WebhooksSection';
import { ConnectIntegrationModal } from './ConnectIntegrationModal';
import { ConnectionsTable } from './ConnectionsTable';
import { deleteConnection, integrationsQueryKeys, listConnections } from './integrationsApi';
import { disconnectText } from './integrationTexts';
import { useConnectResultNotice } from './useConnectResultNotice';
import './IntegrationsPage.css';

/** /integrations (and /integrations/{service}/{status} after a connect): the account's lead destinations. */
export function IntegrationsPage() {
  useConnectResultNotice();
  const account = useMe().account.id;
  const connections = useQuery({
    queryKey: integrationsQueryKeys.list(account),
    queryFn: () => listConnections(account),
  });
  const queryClient = useQueryClient();
  const removing = useMutation({
    mutationFn: (connection: Connection) => deleteConnection(account, connection.serviceName, connection.id),
    onSuccess: async (_answer, connection) => {
      queryClient.removeQueries({
        queryKey: integrationsQueryKeys.status(account, connection.serviceName, connection.id),
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: integrationsQueryKeys.list(account) }),
        queryClient.invalidateQueries({ queryKey: integrationsQueryKeys.active(account) }),
      ]);
    },
  });
  const [cancelling, setCancelling] = useState<Connection | null>(null);
  const [reconnecting, setReconnecting] = useState<Connection | null>(null);

  async function confirmCancel(connection: Connection) {
    setCancelling(null);
    try {
      await removing.mutateAsync(connection);
    } catch (error) {
      if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401)
        showError(error.message);
      else showDefaultError(error);
    }
  }

  return (
    <>
      <PageHeader title="Integrations">
        <Link className="button" to="/integrations/new">
          Add Integration
        </Link>
      </PageHeader>
      {connections.data && (
        <ConnectionsTable
          connections={connections.data}
          onCancel={setCancelling}
          onReconnect={setReconnecting}
        />
      )}
      <WebhooksSection />
      {cancelling && (
        <ConfirmationModal
          destructive
          confirmLabel="Disconnect"
          onConfirm={() => confirmCancel(cancelling)}
          onCancel={() => setCancelling(null)}
        >
          <p>{disconnectText(cancelling.displayName, cancelling.serviceName)}</p>
        </ConfirmationModal>
      )}
      {reconnecting && (
        <ConnectIntegrationModal
          service={reconnecting.serviceName}
          reconnecting={{ id: reconnecting.id, name: reconnecting.displayName }}
          onClose={() => setReconnecting(null)}
        />
      )}
    </>
  );
}
