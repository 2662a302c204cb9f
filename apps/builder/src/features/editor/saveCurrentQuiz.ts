import { isApiError } from '../../api/ApiError';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showError, showSuccess } from '../../ui/notifications/notificationStore';
import { QUIZ_NAME_REQUIRED_TEXT } from '../quizzes/quizLabels';
import { saveQuiz } from './quizApi';
import type { QuizStore } from './store/quizStore';

export const QUIZ_SAVED_TEXT = 'Quiz has been saved.';

/** PUTs the whole current quiz; the server's answer becomes the saved version. */
export async function saveCurrentQuiz(store: QuizStore): Promise<void> {
  const sent = store.getState().current;
  if (!sent.name.trim()) {
    showError(QUIZ_NAME_REQUIRED_TEXT);
    return;
  }
  try {
    store.markSaved(await saveQuiz(sent), sent);
  } catch (error) {
    // A 400 names the field the server refused; its text is the most useful thing to show.
    if (isApiError(error, 400)) showError(error.message);
    else showDefaultError();
    return;
  }
  showSuccess(QUIZ_SAVED_TEXT);
}
