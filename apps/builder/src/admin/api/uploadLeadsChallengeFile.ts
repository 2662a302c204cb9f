import { errorBodySchema } from '@quizbeam/contracts/errors';
import {
  LEADS_CHALLENGE_FILE_TOO_LARGE_MESSAGE,
  type LeadsChallengeUpload,
  leadsChallengeUploadPath,
  leadsChallengeUploadSchema,
} from '@quizbeam/contracts/leadsChallenge';
import { ApiError } from '../../api/ApiError';
import { trackRequest } from '../../api/activeRequests';
import { apiBaseUrl } from '../../api/apiClient';

async function errorOf(response: Response): Promise<ApiError> {
  if (response.status === 413) {
    return new ApiError(413, 'too_large', LEADS_CHALLENGE_FILE_TOO_LARGE_MESSAGE);
  }
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = errorBodySchema.safeParse(body);
  return parsed.success
    ? new ApiError(response.status, parsed.data.code, parsed.data.error, body)
    : new ApiError(response.status, undefined, `The upload failed with status ${response.status}`, body);
}

/**
 * Sends the file's bytes as they are (a raw-body route, not a JSON endpoint) and answers the key that
 * names the stored file for one item. Counted by the loading overlay like every call.
 */
export function uploadLeadsChallengeFile(file: File): Promise<LeadsChallengeUpload> {
  const url = `${apiBaseUrl()}${leadsChallengeUploadPath}?filename=${encodeURIComponent(file.name)}`;
  return trackRequest(async () => {
    let response: Response;
    try {
      response = await globalThis.fetch(url, {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'Content-Type': file.type || 'application/octet-stream' },
        body: file,
      });
    } catch {
      throw new ApiError(0, undefined, 'The server could not be reached.');
    }
    if (!response.ok) throw await errorOf(response);
    const parsed = leadsChallengeUploadSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success)
      throw new ApiError(500, undefined, `Unexpected response from PUT ${leadsChallengeUploadPath}`);
    return parsed.data;
  });
}
