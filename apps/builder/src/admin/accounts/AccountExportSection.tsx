import { ACCOUNT_EXPORT_TEXT } from '../adminTexts';
import { accountExportUrl } from '../api/adminAccountsApi';

/** The account's data export, for a GDPR request that reaches support. */
export function AccountExportSection({ accountId }: { accountId: string }) {
  return (
    <section className="admin-section" aria-labelledby="account-export-title">
      <h2 id="account-export-title" className="admin-section__title">
        Data export
      </h2>
      <p className="admin-status-text">{ACCOUNT_EXPORT_TEXT}</p>
      <div>
        <a className="button" href={accountExportUrl(accountId)}>
          Export data
        </a>
      </div>
    </section>
  );
}
