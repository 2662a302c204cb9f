import { SIGN_IN_PAGE_PATHS, type SignInPagePath } from '@quizbeam/contracts/signInPage';
import { type ComponentType, type MouseEvent, useMemo, useSyncExternalStore } from 'react';
import { getClientConfig, pageUrl } from '../config/clientConfig';
import { AuthLayout } from '../features/auth/AuthLayout';
import {
  type AuthLinkProps,
  type AuthNavigation,
  AuthNavigationContext,
} from '../features/auth/authNavigation';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';

const SCREENS: Record<SignInPagePath, ComponentType> = {
  '/login': LoginPage,
  '/forgot-password': ForgotPasswordPage,
};

const locationListeners = new Set<() => void>();

function subscribeToLocation(listener: () => void): () => void {
  locationListeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    locationListeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const currentAddress = () => `${window.location.pathname}${window.location.search}`;

/** The screen for a path under the base path; the server sends this page for those paths only. */
function screenAt(pathname: string): ComponentType {
  const { basePath } = getClientConfig();
  const path = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname;
  const known = SIGN_IN_PAGE_PATHS.find((screenPath) => screenPath === path);
  return SCREENS[known ?? '/login'];
}

/** Goes to another screen of this page in place, as the builder's router would; other clicks stay the browser's. */
function ScreenLink({ to, className, children }: AuthLinkProps) {
  function followInPlace(event: MouseEvent<HTMLAnchorElement>) {
    const opensElsewhere =
      event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || opensElsewhere) return;
    event.preventDefault();
    window.history.pushState(null, '', pageUrl(to));
    for (const listener of locationListeners) listener();
  }
  return (
    <a href={pageUrl(to)} className={className} onClick={followInPlace}>
      {children}
    </a>
  );
}

/**
 * The sign-in page: the sign-in and forgot-password screens with their links between them, and nothing of
 * the builder's router. Signing in reloads into the builder, which the server then sends instead.
 */
export function SignInApp() {
  const address = useSyncExternalStore(subscribeToLocation, currentAddress);
  const { pathname, search } = new URL(address, window.location.origin);
  const navigation = useMemo<AuthNavigation>(() => ({ search, Link: ScreenLink }), [search]);
  const Screen = screenAt(pathname);
  return (
    <AuthNavigationContext.Provider value={navigation}>
      <AuthLayout>
        <Screen />
      </AuthLayout>
    </AuthNavigationContext.Provider>
  );
}
