import type { AuditEntry } from '@quizbeam/contracts/admin';
import { Link } from 'react-router';
import { formatDateTime } from '../adminFormat';
import { AUDIT_ACTION_LABELS } from '../adminTexts';
import { toView } from '../adminViews';

interface AuditLogTableProps {
  entries: AuditEntry[];
  /** Off on an account's own page, where every entry is about that account. */
  showAccount: boolean;
  label: string;
}

function AccountCell({ entry }: { entry: AuditEntry }) {
  if (entry.accountId === null) return <span className="admin-muted">—</span>;
  return (
    <Link to={toView({ kind: 'account', accountId: entry.accountId })}>
      {entry.accountName ?? entry.accountId}
    </Link>
  );
}

/** Time (en-US), admin, action, account and summary, in the order the server gives (newest first). */
export function AuditLogTable({ entries, showAccount, label }: AuditLogTableProps) {
  return (
    <div className="card admin-table__frame">
      <table className="admin-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Admin</th>
            <th scope="col">Action</th>
            {showAccount && <th scope="col">Account</th>}
            <th scope="col">Summary</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="admin-table__time">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </td>
              <td>{entry.adminEmail}</td>
              <td>{AUDIT_ACTION_LABELS[entry.action]}</td>
              {showAccount && (
                <td>
                  <AccountCell entry={entry} />
                </td>
              )}
              <td className="admin-table__summary">{entry.summary}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
