import { Outlet } from 'react-router';
import { NotFoundPage } from '../errors/NotFoundPage';
import { useMe } from './useMe';

/** Limited accounts must not reach these screens at all, so they see the same page as an unknown path. */
export function NotForLimitedAccounts() {
  const me = useMe();
  return me.account.permissions.isLimited ? <NotFoundPage /> : <Outlet />;
}
