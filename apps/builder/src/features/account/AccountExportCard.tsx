import { accountExportEndpoint } from '@quizbeam/contracts/account';
import { urlOf } from '../../api/apiClient';
import { useMe } from '../session/useMe';
import { EXPORT_DATA_TEXT, EXPORT_DATA_TITLE } from './accountTexts';

/**
 * Everything the account holds as one download, for the account's own records or a GDPR request: a
 * navigation (a link), never a fetch.
 */
export function AccountExportCard() {
  const accountId = useMe().account.id;
  return (
    <section className="card account__section" aria-labelledby="account-export-title">
      <h2 id="account-export-title" className="account__section-title">
        {EXPORT_DATA_TITLE}
      </h2>
      <p className="account__hint">{EXPORT_DATA_TEXT}</p>
      <div>
        <a className="button" href={urlOf(accountExportEndpoint, { params: { account: accountId } })}>
          Download
        </a>
      </div>
    </section>
  );
}
