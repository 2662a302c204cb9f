import { exportAdminAccountEndpoint } from '@quizbeam/contracts/admin';
import { urlOf } from '../../api/apiClient';
import { ACCOUNT_EXPORT_TEXT } from '../adminTexts';

/**
 * The account's data export, for a GDPR request that reaches support: a download by navigation (a link), as
 * its users get it, audited on the server.
 */
export function AccountExportSection({ accountId }: { accountId: string }) {
  return (
    <section className="admin-section" aria-labelledby="account-export-title">
      <h2 id="account-export-title" className="admin-section__title">
        Data export
      </h2>
      <p className="admin-status-text">{ACCOUNT_EXPORT_TEXT}</p>
      <div>
        <a className="button" href={urlOf(exportAdminAccountEndpoint, { params: { id: accountId } })}>
          Export data
        </a>
      </div>
    </section>
  );
}
