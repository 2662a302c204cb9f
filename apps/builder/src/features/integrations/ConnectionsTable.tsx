import { AUTORESPONDER_LABELS, type Connection } from '@quizbeam/contracts/integrations';
import { ConnectionStatus } from './ConnectionStatus';
import { NO_CONNECTIONS_TEXT } from './integrationTexts';

interface ConnectionsTableProps {
  connections: Connection[];
  onCancel: (connection: Connection) => void;
  onReconnect: (connection: Connection) => void;
}

/** The account's connections, one row each: Name, App, Status, Cancel. */
export function ConnectionsTable({ connections, onCancel, onReconnect }: ConnectionsTableProps) {
  if (connections.length === 0) return <p className="integrations__empty">{NO_CONNECTIONS_TEXT}</p>;
  return (
    <div className="card connections-table__frame">
      <table className="connections-table" aria-label="Integrations">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">App</th>
            <th scope="col">Status</th>
            <th scope="col">Cancel</th>
          </tr>
        </thead>
        <tbody>
          {connections.map((connection) => (
            <tr key={connection.id}>
              <td className="connections-table__name">{connection.displayName}</td>
              <td>{AUTORESPONDER_LABELS[connection.serviceName]}</td>
              <td>
                <ConnectionStatus connection={connection} onReconnect={onReconnect} />
              </td>
              <td>
                <button
                  type="button"
                  className="connections-table__link-button connections-table__link-button--danger"
                  aria-label={`Cancel: ${connection.displayName}`}
                  onClick={() => onCancel(connection)}
                >
                  Cancel
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
