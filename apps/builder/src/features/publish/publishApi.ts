import {
  notPublishableBodySchema,
  publishQuizPath,
  publishQuizResponseSchema,
  unpublishQuizPath,
} from '@quizbeam/contracts/publishing';
import type { Quiz } from '@quizbeam/contracts/quiz';
import type { IncompleteItem } from '@quizbeam/quiz-engine/publishability';
import { isApiError } from '../../api/ApiError';
import { api } from '../../api/apiClient';

export type PublishAnswer = { published: Quiz } | { incompleteItems: IncompleteItem[] };

/** POSTs the quiz to publish; a refusal because items are incomplete comes back as those items. */
export async function publishQuiz(accountId: string, quiz: Quiz): Promise<PublishAnswer> {
  try {
    return {
      published: await api.post(publishQuizPath(accountId, quiz.id), quiz, publishQuizResponseSchema),
    };
  } catch (error) {
    const notPublishable = isApiError(error, 400) ? notPublishableBodySchema.safeParse(error.body) : null;
    if (notPublishable?.success) return { incompleteItems: notPublishable.data.incompleteItems };
    throw error;
  }
}

export const unpublishQuiz = (accountId: string, quiz: Quiz) =>
  api.post(unpublishQuizPath(accountId, quiz.id), quiz, publishQuizResponseSchema);
