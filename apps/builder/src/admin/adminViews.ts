/*
 * The console is one page ({base}/admin, the only path the server serves it at), so where the admin is
 * lives in the query string: `?account=ID`, `?view=audit-log&page=2`, `?view=leads-challenge`, or the
 * accounts list (`?search=ada&page=3`). Back, Forward and reload then keep the admin's place.
 */

export type AdminView =
  | { kind: 'accounts'; search: string; page: number }
  | { kind: 'account'; accountId: string }
  | { kind: 'audit-log'; page: number }
  | { kind: 'leads-challenge' };

export type AdminTab = 'accounts' | 'audit-log' | 'leads-challenge';

const MAX_PAGE = 100_000;
const MAX_SEARCH_LENGTH = 200;
const MAX_ID_LENGTH = 100;

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

export function viewOf(params: URLSearchParams): AdminView {
  const accountId = params.get('account')?.trim();
  if (accountId && accountId.length <= MAX_ID_LENGTH) return { kind: 'account', accountId };
  switch (params.get('view')) {
    case 'audit-log':
      return { kind: 'audit-log', page: pageOf(params.get('page')) };
    case 'leads-challenge':
      return { kind: 'leads-challenge' };
    default:
      return {
        kind: 'accounts',
        search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
        page: pageOf(params.get('page')),
      };
  }
}

/** The query string of a view, as links and navigation use it ("" for the first page of all accounts). */
export function searchOf(view: AdminView): string {
  const params = new URLSearchParams();
  switch (view.kind) {
    case 'account':
      params.set('account', view.accountId);
      break;
    case 'audit-log':
      params.set('view', 'audit-log');
      if (view.page > 1) params.set('page', String(view.page));
      break;
    case 'leads-challenge':
      params.set('view', 'leads-challenge');
      break;
    case 'accounts':
      if (view.search) params.set('search', view.search);
      if (view.page > 1) params.set('page', String(view.page));
      break;
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The tab a view belongs to (an account's page sits under Accounts). */
export function tabOf(view: AdminView): AdminTab {
  return view.kind === 'account' ? 'accounts' : view.kind;
}

/** A link target for the console's one route. */
export const toView = (view: AdminView) => ({ pathname: '/', search: searchOf(view) });
