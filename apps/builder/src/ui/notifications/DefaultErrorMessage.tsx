import { isApiError } from '../../api/ApiError';
import { SupportEmailLink } from '../SupportEmailLink';
import { showError } from './notificationStore';

export const DEFAULT_ERROR_TEXT =
  "Something went wrong. Please try again in a few minutes, and if it still doesn't work, contact support";

/** When the user chose not to sign in again: the call was not made, and nothing on screen was lost. */
export const SIGNED_OUT_TEXT =
  'You are signed out, so this was not sent. Your changes are still here: try again to sign in and send them.';

export function DefaultErrorMessage() {
  return (
    <>
      {DEFAULT_ERROR_TEXT} <SupportEmailLink />
    </>
  );
}

/**
 * The default error message; given the failure, a 401 (a session that ended) says so instead, and a usage
 * limit or premium refusal (403 quota_exceeded) shows the server's message, which names the limit.
 */
export function showDefaultError(error?: unknown): void {
  if (isApiError(error, 401)) showError(SIGNED_OUT_TEXT);
  else if (isApiError(error, 403) && error.code === 'quota_exceeded') showError(error.message);
  else showError(<DefaultErrorMessage />);
}
