import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { QUIZ_DUPLICATED_TEXT, useDuplicateQuiz } from '../quizzes/useDuplicateQuiz';
import { saveCurrentQuiz } from './saveCurrentQuiz';
import { useQuizStore } from './store/quizStoreHooks';

/**
 * The editor's Duplicate: the server copies the quiz as saved, so unsaved changes are saved first (a save
 * that fails or meets another tab's save stops here, with its own message or question). The editor then
 * opens the copy.
 */
export function DuplicateQuizButton() {
  const store = useQuizStore();
  const navigate = useNavigate();
  const { duplicate } = useDuplicateQuiz();
  const [isBusy, setIsBusy] = useState(false);

  async function duplicateSavedQuiz() {
    setIsBusy(true);
    try {
      if (store.hasUnsavedChanges()) {
        await saveCurrentQuiz(store);
        if (store.hasUnsavedChanges()) return;
      }
      const copyId = await duplicate(store.getState().current.id);
      if (!copyId) return;
      navigate(`/quizzes/${encodeURIComponent(copyId)}/`);
      showSuccess(QUIZ_DUPLICATED_TEXT);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <button type="button" className="button button--secondary" disabled={isBusy} onClick={duplicateSavedQuiz}>
      Duplicate
    </button>
  );
}
