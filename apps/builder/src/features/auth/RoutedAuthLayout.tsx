import { useMemo } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { AuthLayout } from './AuthLayout';
import { type AuthNavigation, AuthNavigationContext } from './authNavigation';

/** The auth screens inside the builder's router: its links and its location. */
export function RoutedAuthLayout() {
  const { search } = useLocation();
  const navigation = useMemo<AuthNavigation>(() => ({ search, Link }), [search]);
  return (
    <AuthNavigationContext.Provider value={navigation}>
      <AuthLayout>
        <Outlet />
      </AuthLayout>
    </AuthNavigationContext.Provider>
  );
}
