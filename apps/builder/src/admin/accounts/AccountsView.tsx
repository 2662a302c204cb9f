import { listAdminAccountsEndpoint } from '@quizbeam/contracts/admin';
import { keepPreviousData } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useEndpointQuery } from '../../api/endpointQuery';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { accountCreatedText } from '../adminTexts';
import { toView } from '../adminViews';
import { Pager } from '../ui/Pager';
import { AccountsTable } from './AccountsTable';
import { NewAccountModal } from './NewAccountModal';

export const noAccountsText = (search: string) =>
  search ? `No account matches “${search}”.` : 'There are no accounts yet.';

/** Accounts, newest first, searched by name or user email, one page at a time. */
export function AccountsView({ search, page }: { search: string; page: number }) {
  const navigate = useNavigate();
  const accounts = useEndpointQuery(
    listAdminAccountsEndpoint,
    { query: { search: search || undefined, page } },
    // The page stays on screen while the next one loads, so the table does not jump.
    { placeholderData: keepPreviousData },
  );
  const [searchText, setSearchText] = useState(search);
  const [creating, setCreating] = useState(false);

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    navigate(toView({ kind: 'accounts', search: searchText.trim(), page: 1 }));
  }

  const data = accounts.data;
  return (
    <>
      <div className="admin-heading">
        <h1 className="admin-heading__title">Accounts</h1>
        <button type="button" className="button" onClick={() => setCreating(true)}>
          New Account
        </button>
      </div>
      <form className="admin-search" onSubmit={submitSearch}>
        <input
          className="input"
          type="search"
          aria-label="Search accounts"
          placeholder="Name or email"
          maxLength={200}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </form>
      {data &&
        (data.accounts.length === 0 ? (
          <p className="admin-empty">{noAccountsText(search)}</p>
        ) : (
          <AccountsTable accounts={data.accounts} />
        ))}
      {data && (
        <Pager
          label="Account pages"
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPage={(next) => navigate(toView({ kind: 'accounts', search, page: next }))}
        />
      )}
      {creating && (
        <NewAccountModal
          onClose={() => setCreating(false)}
          onCreated={(email) => {
            setCreating(false);
            showSuccess(accountCreatedText(email));
          }}
        />
      )}
    </>
  );
}
