import type { ErrorCode } from '@quizbeam/contracts/errors';
import { isApiError } from '../../api/ApiError';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showError } from '../../ui/notifications/notificationStore';

/** Refusals whose text speaks to the user: a wrong password, a taken or invalid address, too many tries. */
const STATUSES_WITH_SERVER_TEXT = [400, 409, 422, 429];

/**
 * Shows why a Profile form was refused: the server's own words where they say what to fix, the default error
 * otherwise. Returns the refusal's code, so the form can mark the field at fault.
 */
export function reportProfileFailure(error: unknown): ErrorCode | undefined {
  if (isApiError(error) && STATUSES_WITH_SERVER_TEXT.includes(error.status) && error.code) {
    showError(error.message);
    return error.code;
  }
  showDefaultError(error);
  return undefined;
}
