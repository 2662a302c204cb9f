import { meEndpoint } from '@quizbeam/contracts/auth';
import { redirect } from 'react-router';
import { isApiError } from '../../api/ApiError';
import { call } from '../../api/apiClient';

export const SESSION_ROUTE_ID = 'session';

/** Every screen needing an account goes through this: no session means the sign-in screen. */
export async function loadSession() {
  try {
    return await call(meEndpoint);
  } catch (error) {
    if (isApiError(error, 401)) throw redirect('/login');
    throw error;
  }
}

/** Who is signed in does not change without a full page load (sign-in and logout both reload). */
export function shouldReloadSession(): boolean {
  return false;
}
