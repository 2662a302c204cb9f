import { QUIZ_NAME_REQUIRED_TEXT } from '@quizbeam/contracts/quiz';
import { saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { isApiError } from '../../api/ApiError';
import { call } from '../../api/apiClient';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showError, showSuccess } from '../../ui/notifications/notificationStore';
import { autosaveOf } from './autosave/useAutosave';
import { failedOffline, SAVED_OFFLINE_TEXT } from './offlineSave';
import { withConflictCheck } from './revisionConflict';
import { quizToSave } from './store/quizHistory';
import type { QuizStore } from './store/quizStore';

export const QUIZ_SAVED_TEXT = 'Quiz has been saved.';
export const KEPT_OFFLINE_TEXT =
  "You're offline. Your changes are kept on this device and saved when you're back online.";

/**
 * Save: PUTs the whole current quiz over the revision last stored; the server's answer becomes the saved
 * version. In the quiz editor this is autosave's save, done at once (another tab's changes are merged in);
 * elsewhere, when another tab or person saved meanwhile, the editor asks whether to reload or overwrite.
 */
export async function saveCurrentQuiz(store: QuizStore): Promise<void> {
  if (!store.getState().current.name.trim()) {
    showError(QUIZ_NAME_REQUIRED_TEXT);
    return;
  }
  const autosave = autosaveOf(store);
  if (autosave) {
    if (await autosave.saveNow()) {
      showSuccess(QUIZ_SAVED_TEXT);
      return;
    }
    // A merge waiting for the marketer's choice shows its own dialog.
    const { state, error } = autosave.getStatus();
    if (state === 'offline') showError(KEPT_OFFLINE_TEXT);
    else if (state === 'failed') reportFailure(error);
    return;
  }
  const save = async () => {
    const state = store.getState();
    const quiz = quizToSave(state);
    store.markSaved(await call(saveQuizEndpoint, { params: { id: quiz.id }, body: quiz }), state.current);
    showSuccess(QUIZ_SAVED_TEXT);
  };
  try {
    await store.runExclusive(() => withConflictCheck(store, save));
  } catch (error) {
    if (failedOffline(error)) showError(SAVED_OFFLINE_TEXT);
    else reportFailure(error);
  }
}

/**
 * The store still holds every change (only a stored answer marks them saved), so Save can simply be pressed
 * again. A 400 names the field the server refused, a 413 says the quiz is too large.
 */
function reportFailure(error: unknown): void {
  if (isApiError(error, 400) || isApiError(error, 413)) showError(error.message);
  else if (error === undefined) showError(QUIZ_NAME_REQUIRED_TEXT);
  else showDefaultError(error);
}
