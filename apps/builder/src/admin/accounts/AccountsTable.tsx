import type { AdminAccountRow } from '@quizbeam/contracts/admin';
import { Link, useNavigate } from 'react-router';
import { formatCount, formatDate, permissionsText } from '../adminFormat';
import { toView } from '../adminViews';
import { AccountStatusBadge } from './AccountStatusBadge';

/** Name, Emails, Permissions, Quizzes, Created, Status; a row opens the account. */
export function AccountsTable({ accounts }: { accounts: AdminAccountRow[] }) {
  const navigate = useNavigate();
  return (
    <div className="card admin-table__frame">
      <table className="admin-table" aria-label="Accounts">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Emails</th>
            <th scope="col">Permissions</th>
            <th scope="col" className="admin-table__number">
              Quizzes
            </th>
            <th scope="col">Created</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => {
            const target = toView({ kind: 'account', accountId: account.id });
            return (
              <tr key={account.id} className="admin-table__row--link" onClick={() => navigate(target)}>
                <td className="admin-table__name">
                  <Link to={target} onClick={(event) => event.stopPropagation()}>
                    {account.name}
                  </Link>
                </td>
                <td className="admin-table__emails">
                  {account.emails.map((email) => (
                    <div key={email}>{email}</div>
                  ))}
                </td>
                <td>{permissionsText(account.permissions)}</td>
                <td className="admin-table__number">{formatCount(account.quizCount)}</td>
                <td>{formatDate(account.createdAt)}</td>
                <td>
                  <AccountStatusBadge disabledAt={account.disabledAt} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
