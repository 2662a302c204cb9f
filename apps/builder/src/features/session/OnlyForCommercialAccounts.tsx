import { Outlet } from 'react-router';
import { NotFoundPage } from '../errors/NotFoundPage';
import { useMe } from './useMe';

/** Screens of the commercial-features permission: without it they are the same page as an unknown path. */
export function OnlyForCommercialAccounts() {
  const me = useMe();
  return me.account.permissions.commercialFeatures ? <Outlet /> : <NotFoundPage />;
}
