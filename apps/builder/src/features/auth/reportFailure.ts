import { isApiError } from '../../api/ApiError';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showError } from '../../ui/notifications/notificationStore';

/**
 * Shows the server's own error text for the statuses where it speaks to the user (for example a
 * wrong password), and the default error otherwise. Returns the status the server answered with.
 */
export function reportFailure(error: unknown, statusesWithServerText: number[]): number | undefined {
  if (isApiError(error) && statusesWithServerText.includes(error.status)) {
    showError(error.message);
    return error.status;
  }
  showDefaultError();
  return isApiError(error) ? error.status : undefined;
}
