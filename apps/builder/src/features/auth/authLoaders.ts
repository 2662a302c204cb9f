import { meEndpoint, type PasswordCodePurpose, passwordCodeStatusEndpoint } from '@quizbeam/contracts/auth';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { isApiError } from '../../api/ApiError';
import { call } from '../../api/apiClient';
import { RETURN_PATH_PARAM, safeReturnPath } from '../../routing/returnPath';

/** A signed-in user has nothing to do on the sign-in screen: on to the page asked for, or the dashboard. */
export async function redirectSignedInUser({ request }: LoaderFunctionArgs) {
  const isSignedIn = await call(meEndpoint).then(
    () => true,
    () => false,
  );
  if (!isSignedIn) return null;
  throw redirect(safeReturnPath(new URL(request.url).searchParams.get(RETURN_PATH_PARAM)));
}

/** Whether a reset or set-password link can still be used; a malformed one (404) cannot. */
async function isPasswordLinkUsable(
  purpose: PasswordCodePurpose,
  link: { userId: string; code: string },
): Promise<boolean> {
  try {
    return (await call(passwordCodeStatusEndpoint, { params: { purpose, ...link } })).valid;
  } catch (error) {
    if (isApiError(error, 404)) return false;
    // The check only spares a pointless form; the password call still checks the link and says why.
    return true;
  }
}

export interface PasswordLinkState {
  isUsable: boolean;
}

/** Checks a reset or set-password link before its form shows, so a dead link says so at once. */
export function passwordLinkLoader(purpose: PasswordCodePurpose) {
  return async ({ params }: LoaderFunctionArgs): Promise<PasswordLinkState> => ({
    isUsable: await isPasswordLinkUsable(purpose, { userId: params.userId ?? '', code: params.code ?? '' }),
  });
}
