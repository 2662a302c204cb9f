import { Outlet } from 'react-router';
import { NotFoundPage } from '../errors/NotFoundPage';
import { useMe } from './useMe';

/** The template library is the admins' (IS_ADMIN): anyone else sees the same page as an unknown path. */
export function OnlyForAdmins() {
  const me = useMe();
  return me.isAdmin ? <Outlet /> : <NotFoundPage />;
}
