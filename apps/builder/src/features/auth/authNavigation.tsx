import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

export interface AuthLinkProps {
  /** A path under the base path. */
  to: string;
  className?: string;
  children: ReactNode;
}

/**
 * What the sign-in and forgot-password screens need from navigation. Two apps show them: the builder, with
 * React Router, when it sends a signed-out user to sign in; and the sign-in page (`signIn.html`) on a full
 * page load, which leaves React Router out of its download. Each provides its own.
 */
export interface AuthNavigation {
  /** The query of the current address (it may name the page to return to). */
  search: string;
  /** A link to another of these screens, followed without a page load. */
  Link: ComponentType<AuthLinkProps>;
}

export const AuthNavigationContext = createContext<AuthNavigation | null>(null);

function useAuthNavigation(): AuthNavigation {
  const navigation = useContext(AuthNavigationContext);
  if (!navigation) throw new Error('A sign-in screen needs an AuthNavigationContext above it');
  return navigation;
}

export function AuthLink(props: AuthLinkProps) {
  const { Link } = useAuthNavigation();
  return <Link {...props} />;
}

/** A parameter of the current address's query. */
export function useAuthSearchParam(name: string): string | null {
  return new URLSearchParams(useAuthNavigation().search).get(name);
}
