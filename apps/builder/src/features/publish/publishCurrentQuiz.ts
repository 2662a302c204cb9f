import {
  type IncompleteItem,
  notPublishableBodySchema,
  publishQuizEndpoint,
  unpublishQuizEndpoint,
} from '@quizbeam/contracts/publishing';
import { QUIZ_NAME_REQUIRED_TEXT, type Quiz } from '@quizbeam/contracts/quiz';
import { ApiError, isApiError } from '../../api/ApiError';
import { call } from '../../api/apiClient';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showError, showSuccess } from '../../ui/notifications/notificationStore';
import { withConflictCheck } from '../editor/revisionConflict';
import { hasUnsavedChanges, quizToSave } from '../editor/store/quizHistory';
import type { QuizStore } from '../editor/store/quizStore';
import { QUIZ_PUBLISHED_TEXT, QUIZ_UNPUBLISHED_TEXT } from './publishTexts';

type PublishAnswer = { published: Quiz } | { incompleteItems: IncompleteItem[]; revision: number };

/**
 * POSTs the quiz to publish; a refusal because items are incomplete comes back as those items, with the
 * revision the server saved the quiz under meanwhile (publish saves the quiz as sent).
 */
async function publishQuiz(accountId: string, quiz: Quiz): Promise<PublishAnswer> {
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

function showFailure(error: unknown): void {
  // A 400 says what the server refused (an unknown domain, an invalid field), a 409 that reached here that the
  // path is taken on the chosen domain (a stale revision is handled before): more useful than the default.
  if (isApiError(error, 400) || isApiError(error, 409)) showError(error.message);
  else showDefaultError(error);
}

/**
 * Publish and Republish: the server saves the whole current quiz and puts it live; its answer becomes the
 * saved version. Returns the items the server says are incomplete when it refuses, otherwise null.
 */
export async function publishCurrentQuiz(
  store: QuizStore,
  accountId: string,
): Promise<IncompleteItem[] | null> {
  if (!store.getState().current.name.trim()) {
    showError(QUIZ_NAME_REQUIRED_TEXT);
    return null;
  }
  let incomplete: IncompleteItem[] | null = null;
  const publish = async () => {
    const state = store.getState();
    const answer = await publishQuiz(accountId, quizToSave(state));
    if ('incompleteItems' in answer) {
      // Publish saved the quiz as sent, under a new revision, even though it cannot go live yet.
      store.markSaved({ ...quizToSave(state), revision: answer.revision }, state.current);
      incomplete = answer.incompleteItems;
      return;
    }
    store.markSaved(answer.published, state.current);
    showSuccess(QUIZ_PUBLISHED_TEXT);
  };
  try {
    // After autosave's save under way (and any merge of another tab's changes), never beside it.
    await store.runExclusive(() => withConflictCheck(store, publish));
  } catch (error) {
    showFailure(error);
  }
  return incomplete;
}

export async function unpublishCurrentQuiz(store: QuizStore, accountId: string): Promise<void> {
  try {
    await store.runExclusive(async () => {
      const before = store.getState();
      const sent = before.current;
      const stored = await call(unpublishQuizEndpoint, {
        params: { account: accountId, id: sent.id },
        body: sent,
      });
      // The server stores only isPublished, not the quiz sent, so edits not saved yet must stay current:
      // markSaved replaces the current quiz only when it is the one passed as sent.
      store.markSaved(stored, hasUnsavedChanges(before) ? stored : sent);
    });
  } catch (error) {
    showFailure(error);
    return;
  }
  showSuccess(QUIZ_UNPUBLISHED_TEXT);
}
