import { getAdminAccountEndpoint } from '@quizbeam/contracts/admin';
import { Link } from 'react-router';
import { isApiError } from '../../api/ApiError';
import { useEndpointQuery } from '../../api/endpointQuery';
import { formatDate } from '../adminFormat';
import { ACCOUNT_NOT_FOUND_TEXT } from '../adminTexts';
import { toView } from '../adminViews';
import { AccountAuditLog } from './AccountAuditLog';
import { AccountExportSection } from './AccountExportSection';
import { AccountSettingsForm } from './AccountSettingsForm';
import { AccountStatusBadge } from './AccountStatusBadge';
import { AccountStatusSection } from './AccountStatusSection';
import { AccountUsers } from './AccountUsers';

function BackToAccounts() {
  return (
    <Link className="admin-back" to={toView({ kind: 'accounts', search: '', page: 1 })}>
      ← All accounts
    </Link>
  );
}

/** One account: its settings and limits, users, status, its data export and the admin actions taken on it. */
export function AccountDetailView({ accountId }: { accountId: string }) {
  const account = useEndpointQuery(
    getAdminAccountEndpoint,
    { params: { id: accountId } },
    { meta: { handlesError: (error) => isApiError(error, 404) } },
  );

  if (isApiError(account.error, 404)) {
    return (
      <>
        <BackToAccounts />
        <p className="admin-empty">{ACCOUNT_NOT_FOUND_TEXT}</p>
      </>
    );
  }
  const data = account.data;
  if (!data) return <BackToAccounts />;
  return (
    <>
      <BackToAccounts />
      <div className="admin-heading">
        <h1 className="admin-heading__title">{data.name}</h1>
        <AccountStatusBadge disabledAt={data.disabledAt} />
        <span className="admin-muted">Created {formatDate(data.createdAt)}</span>
      </div>
      <div className="admin-detail">
        <AccountSettingsForm key={data.id} account={data} />
        <AccountUsers account={data} />
        <AccountStatusSection account={data} />
        <AccountExportSection accountId={data.id} />
        <AccountAuditLog accountId={data.id} />
      </div>
    </>
  );
}
