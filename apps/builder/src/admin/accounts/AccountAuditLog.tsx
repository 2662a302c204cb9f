import { listAuditLogEndpoint } from '@quizbeam/contracts/admin';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useEndpointQuery } from '../../api/endpointQuery';
import { AuditLogTable } from '../audit/AuditLogTable';
import { Pager } from '../ui/Pager';

export const NO_ACCOUNT_AUDIT_ENTRIES_TEXT = 'No admin has changed this account yet.';

/** What admins did to this account, newest first. */
export function AccountAuditLog({ accountId }: { accountId: string }) {
  const [page, setPage] = useState(1);
  const entries = useEndpointQuery(
    listAuditLogEndpoint,
    { query: { page, account: accountId } },
    { placeholderData: keepPreviousData },
  );
  const data = entries.data;
  return (
    <section className="admin-section" aria-labelledby="account-audit-title">
      <h2 id="account-audit-title" className="admin-section__title">
        Audit Log
      </h2>
      {data &&
        (data.entries.length === 0 ? (
          <p className="admin-empty">{NO_ACCOUNT_AUDIT_ENTRIES_TEXT}</p>
        ) : (
          <>
            <AuditLogTable entries={data.entries} showAccount={false} label="This account's audit log" />
            <Pager
              label="Account audit log pages"
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={setPage}
            />
          </>
        ))}
    </section>
  );
}
