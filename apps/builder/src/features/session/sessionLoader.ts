import { meEndpoint } from '@quizbeam/contracts/auth';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { isApiError } from '../../api/ApiError';
import { call } from '../../api/apiClient';
import { signInPathReturningTo } from '../../routing/returnPath';

export const SESSION_ROUTE_ID = 'session';

/** Every screen needing an account goes through this: no session means the sign-in screen, then back here. */
export async function loadSession({ request }: LoaderFunctionArgs) {
  try {
    return await call(meEndpoint);
  } catch (error) {
    if (isApiError(error, 401)) throw redirect(signInPathReturningTo(request.url));
    throw error;
  }
}

/** Who is signed in does not change without a full page load (sign-in and logout both reload). */
export function shouldReloadSession(): boolean {
  return false;
}
