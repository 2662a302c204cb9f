import {
  type IncompleteItem,
  notPublishableBodySchema,
  publishQuizEndpoint,
  unpublishQuizEndpoint,
} from '@quizbeam/contracts/publishing';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { ApiError } from '../../api/ApiError';
import { call } from '../../api/apiClient';

export type PublishAnswer = { published: Quiz } | { incompleteItems: IncompleteItem[]; revision: number };

/**
 * POSTs the quiz to publish; a refusal because items are incomplete comes back as those items, with the
 * revision the server saved the quiz under meanwhile (publish saves the quiz as sent).
 */
export async function publishQuiz(accountId: string, quiz: Quiz): Promise<PublishAnswer> {
  try {
    return {
      published: await call(publishQuizEndpoint, { params: { account: accountId, id: quiz.id }, body: quiz }),
    };
  } catch (error) {
    const notPublishable =
      error instanceof ApiError && error.code === 'not_publishable'
        ? notPublishableBodySchema.safeParse(error.body)
        : null;
    if (notPublishable?.success) return notPublishable.data;
    throw error;
  }
}

export const unpublishQuiz = (accountId: string, quiz: Quiz) =>
  call(unpublishQuizEndpoint, { params: { account: accountId, id: quiz.id }, body: quiz });
