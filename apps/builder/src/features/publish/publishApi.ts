import { listDomainsEndpoint } from '@quizbeam/contracts/domains';
import { errorBodySchema } from '@quizbeam/contracts/errors';
import {
  notPublishableBodySchema,
  publishQuizPath,
  publishQuizResponseSchema,
  unpublishQuizPath,
} from '@quizbeam/contracts/publishing';
import type { Quiz } from '@quizbeam/contracts/quiz';
import type { IncompleteItem } from '@quizbeam/quiz-engine/publishability';
import { ApiError } from '../../api/ApiError';
import { trackRequest } from '../../api/activeRequests';
import { api, apiBaseUrl, callEndpoint } from '../../api/apiClient';

export type PublishAnswer = { published: Quiz } | { incompleteItems: IncompleteItem[] };

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * POSTs the quiz to publish. Sent without the shared client because that keeps only an error's code and
 * text, while a refused publish also names the items to complete.
 */
export function publishQuiz(accountId: string, quiz: Quiz): Promise<PublishAnswer> {
  return trackRequest(async () => {
    let response: Response;
    try {
      response = await globalThis.fetch(`${apiBaseUrl()}${publishQuizPath(accountId, quiz.id)}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(quiz),
      });
    } catch {
      throw new ApiError(0, undefined, 'The server could not be reached.');
    }
    const body = await readJson(response);
    if (response.ok) {
      const stored = publishQuizResponseSchema.safeParse(body);
      if (!stored.success) throw new ApiError(500, undefined, 'Unexpected response from publish');
      return { published: stored.data };
    }
    const notPublishable = notPublishableBodySchema.safeParse(body);
    if (response.status === 400 && notPublishable.success) {
      return { incompleteItems: notPublishable.data.incompleteItems };
    }
    const error = errorBodySchema.safeParse(body);
    if (error.success) throw new ApiError(response.status, error.data.code, error.data.error);
    throw new ApiError(response.status, undefined, `Request failed with status ${response.status}`);
  });
}

export const unpublishQuiz = (accountId: string, quiz: Quiz) =>
  api.post(unpublishQuizPath(accountId, quiz.id), quiz, publishQuizResponseSchema);

export const loadDomains = () => callEndpoint(listDomainsEndpoint);
