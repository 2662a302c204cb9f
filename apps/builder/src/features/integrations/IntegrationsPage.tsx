import {
  type Connection,
  connectionStatusEndpoint,
  deleteConnectionEndpoint,
  listActiveConnectionsEndpoint,
  listConnectionsEndpoint,
} from '@quizbeam/contracts/integrations';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../api/ApiError';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpointQuery';
import { ConfirmationModal } from '../../ui/modal/ConfirmationModal';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showError } from '../../ui/notifications/notificationStore';
import { PageHeader } from '../../ui/PageHeader';
import { ConversionApisSection } from '../conversionApis/ConversionApisSection';
import { useMe } from '../session/useMe';
import { WebhooksSection } from '../webhooks/WebhooksSection';
import { ConnectIntegrationModal } from './ConnectIntegrationModal';
import { ConnectionsTable } from './ConnectionsTable';
import { disconnectText } from './integrationTexts';
import { useConnectResultNotice } from './useConnectResultNotice';
import './IntegrationsPage.css';

const itemsOf = ({ items }: { items: Connection[] }) => items;

/** /integrations (and /integrations/{service}/{status} after a connect): the account's lead destinations. */
export function IntegrationsPage() {
  useConnectResultNotice();
  const account = useMe().account.id;
  const connections = useEndpointQuery(listConnectionsEndpoint, { params: { account } }, { select: itemsOf });
  const queryClient = useQueryClient();
  const removing = useEndpointMutation(deleteConnectionEndpoint, {
    onSuccess: async (_answer, { params: { service }, body: { connectionId } }) => {
      queryClient.removeQueries({
        queryKey: endpointKey(connectionStatusEndpoint, { params: { account, service, id: connectionId } }),
      });
      await Promise.all(
        [listConnectionsEndpoint, listActiveConnectionsEndpoint].map((declaration) =>
          queryClient.invalidateQueries({ queryKey: endpointKey(declaration, { params: { account } }) }),
        ),
      );
    },
  });
  const [cancelling, setCancelling] = useState<Connection | null>(null);
  const [reconnecting, setReconnecting] = useState<Connection | null>(null);

  async function confirmCancel(connection: Connection) {
    setCancelling(null);
    try {
      await removing.mutateAsync({
        params: { account, service: connection.serviceName },
        body: { connectionId: connection.id },
      });
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
      <ConversionApisSection />
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
