import { listLeadsChallengeEndpoint } from '@quizbeam/contracts/leadsChallenge';
import { apiBaseUrl, call } from '../../api/apiClient';

/** Where the downloads are cached (TanStack Query key). */
export const leadsChallengeQueryKeys = {
  items: ['leads-challenge'],
} as const;

export const listLeadsChallengeItems = () => call(listLeadsChallengeEndpoint);

/** The server names a download by its path; the API may live on another origin in development. */
export const downloadHref = (downloadUrl: string) =>
  downloadUrl.startsWith('/') ? `${apiBaseUrl()}${downloadUrl}` : downloadUrl;
