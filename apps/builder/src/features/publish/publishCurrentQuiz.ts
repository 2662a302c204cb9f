import type { IncompleteItem } from '@quizbeam/quiz-engine/publishability';
import { isApiError } from '../../api/ApiError';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showError, showSuccess } from '../../ui/notifications/notificationStore';
import { hasUnsavedChanges } from '../editor/store/quizHistory';
import type { QuizStore } from '../editor/store/quizStore';
import { QUIZ_NAME_REQUIRED_TEXT } from '../quizzes/quizLabels';
import { publishQuiz, unpublishQuiz } from './publishApi';
import { QUIZ_PUBLISHED_TEXT, QUIZ_UNPUBLISHED_TEXT } from './publishTexts';

function showFailure(error: unknown): void {
  // A 400 says what the server refused (an unknown domain, an invalid field): more useful than the default.
  if (isApiError(error, 400)) showError(error.message);
  else showDefaultError();
}

/**
 * Publish and Republish: the server saves the whole current quiz and puts it live; its answer becomes the
 * saved version. Returns the items the server says are incomplete when it refuses, otherwise null.
 */
export async function publishCurrentQuiz(
  store: QuizStore,
  accountId: string,
): Promise<IncompleteItem[] | null> {
  const sent = store.getState().current;
  if (!sent.name.trim()) {
    showError(QUIZ_NAME_REQUIRED_TEXT);
    return null;
  }
  try {
    const answer = await publishQuiz(accountId, sent);
    if ('incompleteItems' in answer) return answer.incompleteItems;
    store.markSaved(answer.published, sent);
  } catch (error) {
    showFailure(error);
    return null;
  }
  showSuccess(QUIZ_PUBLISHED_TEXT);
  return null;
}

export async function unpublishCurrentQuiz(store: QuizStore, accountId: string): Promise<void> {
  const before = store.getState();
  const sent = before.current;
  try {
    const stored = await unpublishQuiz(accountId, sent);
    // The server stores only isPublished, not the quiz sent, so edits not saved yet must stay current:
    // markSaved replaces the current quiz only when it is the one passed as sent.
    store.markSaved(stored, hasUnsavedChanges(before) ? stored : sent);
  } catch (error) {
    showFailure(error);
    return;
  }
  showSuccess(QUIZ_UNPUBLISHED_TEXT);
}
