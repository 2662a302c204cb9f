import { isApiError } from '../api/ApiError';
import { setSignInAgainHandler } from '../api/reauthentication';
import { pageUrl } from '../config/clientConfig';
import { showDefaultError } from '../ui/notifications/DefaultErrorMessage';
import { showError } from '../ui/notifications/notificationStore';

/** The console's path under the base path; signing in again comes back here. */
export const CONSOLE_PATH = '/admin';

/** Leaves for the sign-in screen, which reloads the console once the admin has signed in again. */
export function goToSignIn(): void {
  window.location.assign(pageUrl(`/login?next=${CONSOLE_PATH}`));
}

/**
 * A call answered 401 (the session ended) sends the admin to sign in: the console has no dialog of its
 * own for it. The call never settles, as the page is being replaced.
 */
export function signInAgainOnSessionEnd(): () => void {
  return setSignInAgainHandler(() => {
    goToSignIn();
    return new Promise<void>(() => {});
  });
}

/**
 * What the server refused, in its own words (a 4xx carries a sentence meant for people: a duplicate email,
 * an admin disabling their own account, a limit out of range); anything else is the default error.
 */
export function showServerError(error: unknown): void {
  if (isApiError(error, 401)) goToSignIn();
  else if (isApiError(error) && error.code !== undefined && error.status >= 400 && error.status < 500)
    showError(error.message);
  else showDefaultError(error);
}
