import { listAuditLogEndpoint } from '@quizbeam/contracts/admin';
import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useEndpointQuery } from '../../api/endpointQuery';
import { toView } from '../adminViews';
import { Pager } from '../ui/Pager';
import { AuditLogTable } from './AuditLogTable';

export const NO_AUDIT_ENTRIES_TEXT = 'No admin has changed anything yet.';

/** Every admin action, newest first, one page at a time. */
export function AuditLogView({ page }: { page: number }) {
  const navigate = useNavigate();
  const entries = useEndpointQuery(
    listAuditLogEndpoint,
    { query: { page } },
    { placeholderData: keepPreviousData },
  );
  const data = entries.data;
  return (
    <>
      <div className="admin-heading">
        <h1 className="admin-heading__title">Audit Log</h1>
      </div>
      {data &&
        (data.entries.length === 0 ? (
          <p className="admin-empty">{NO_AUDIT_ENTRIES_TEXT}</p>
        ) : (
          <AuditLogTable entries={data.entries} showAccount label="Audit log" />
        ))}
      {data && (
        <Pager
          label="Audit log pages"
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPage={(next) => navigate(toView({ kind: 'audit-log', page: next }))}
        />
      )}
    </>
  );
}
