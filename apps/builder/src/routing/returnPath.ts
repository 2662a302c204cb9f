import { getClientConfig } from '../config/clientConfig';

/** The sign-in screen's query parameter naming the page to return to after signing in. */
export const RETURN_PATH_PARAM = 'next';

const SIGN_IN_PATH = '/login';
const HOME_PATH = '/';
/** Only parsed against, never visited: a path that resolves to another origin is refused. */
const PARSING_ORIGIN = 'http://builder.invalid';

/**
 * The sign-in screen's path for a request that needs a session, carrying the page it asked for (relative to
 * the base path, with its query) so that signing in returns there.
 */
export function signInPathReturningTo(requestUrl: string, basePath = getClientConfig().basePath): string {
  const url = new URL(requestUrl);
  const path =
    basePath && (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`))
      ? url.pathname.slice(basePath.length) || HOME_PATH
      : url.pathname;
  const returnPath = safeReturnPath(`${path}${url.search}`, basePath);
  if (returnPath === HOME_PATH) return SIGN_IN_PATH;
  // Slashes stay readable; everything else that could end the value is escaped.
  return `${SIGN_IN_PATH}?${RETURN_PATH_PARAM}=${encodeURIComponent(returnPath).replace(/%2F/g, '/')}`;
}

/**
 * Where to go after signing in: `value` when it is a path of the builder (starts with one slash, stays on
 * this origin and under the base path once resolved), otherwise the dashboard. Returned relative to the base path.
 */
export function safeReturnPath(value: string | null, basePath = getClientConfig().basePath): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return HOME_PATH;
  if ([...value].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f)) {
    return HOME_PATH;
  }
  let url: URL;
  try {
    url = new URL(`${basePath}${value}`, PARSING_ORIGIN);
  } catch {
    return HOME_PATH;
  }
  // Dot segments (`/..`, `/%2e%2e`) resolve here, so a path climbing out of the base path is caught.
  if (url.origin !== PARSING_ORIGIN) return HOME_PATH;
  if (basePath && !url.pathname.startsWith(`${basePath}/`)) return HOME_PATH;
  const path = url.pathname.slice(basePath.length);
  if (path === SIGN_IN_PATH) return HOME_PATH;
  return `${path}${url.search}${url.hash}`;
}
