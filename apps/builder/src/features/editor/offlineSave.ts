import { isApiError } from '../../api/ApiError';

export const SAVED_OFFLINE_TEXT =
  "You're offline. Your changes are kept here; save again when you're back online.";

/**
 * Whether a save failed for lack of network: no answer came (status 0) and the browser says it is offline.
 * A server that cannot be reached while the network is up gets the default error instead, which is true then.
 */
export function failedOffline(error: unknown): boolean {
  return isApiError(error, 0) && !navigator.onLine;
}
