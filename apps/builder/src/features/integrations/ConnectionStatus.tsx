import { type Connection, connectionStatusEndpoint } from '@quizbeam/contracts/integrations';
import { useEndpointQuery } from '../../api/endpointQuery';
import { Spinner } from '../../ui/Spinner';
import { useMe } from '../session/useMe';
import {
  STATUS_ACTIVE_TEXT,
  STATUS_INACTIVE_TEXT,
  STATUS_LOADING_TEXT,
  STATUS_UNCHECKED_TEXT,
} from './integrationTexts';

interface ConnectionStatusProps {
  connection: Connection;
  onReconnect: (connection: Connection) => void;
}

/** A connection's status: loading while the service is asked, then active or inactive (why, as the tooltip). */
export function ConnectionStatus({ connection, onReconnect }: ConnectionStatusProps) {
  const account = useMe().account.id;
  const status = useEndpointQuery(
    connectionStatusEndpoint,
    { params: { account, service: connection.serviceName, id: connection.id } },
    {
      // The service itself is asked, which may take a while: the row says Loading meanwhile, not the
      // page's loading overlay.
      background: true,
      // A check that could not be made falls back to the last known state below, without a notification.
      meta: { handlesError: () => true },
    },
  );

  if (status.isPending) {
    return (
      <span className="connection-status connection-status--loading">
        <Spinner />
        {STATUS_LOADING_TEXT}
      </span>
    );
  }
  const isActive = status.data ? status.data.active : connection.state === 'active';
  const reason = status.data ? status.data.reason : STATUS_UNCHECKED_TEXT;
  return (
    <span className="connection-status">
      <span
        className={`connection-status__badge connection-status__badge--${isActive ? 'active' : 'inactive'}`}
        title={reason ?? undefined}
      >
        {isActive ? STATUS_ACTIVE_TEXT : STATUS_INACTIVE_TEXT}
      </span>
      {!isActive && (
        <button
          type="button"
          className="connections-table__link-button"
          aria-label={`Reconnect: ${connection.displayName}`}
          onClick={() => onReconnect(connection)}
        >
          Reconnect
        </button>
      )}
    </span>
  );
}
