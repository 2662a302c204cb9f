import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { DeleteQuizConfirmation } from '../quizzes/DeleteQuizConfirmation';
import { DELETE_COMPLETE_TEXT } from '../quizzes/quizLabels';
import { deleteQuiz, quizzesQueryKeys } from '../quizzes/quizzesApi';
import { PreviewButton } from './PreviewButton';
import { saveCurrentQuiz } from './saveCurrentQuiz';
import { useHasUnsavedChanges, useQuizStore } from './store/quizStoreHooks';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

export function QuizEditorTopBar({ editorPath }: { editorPath: string }) {
  const store = useQuizStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isDirty = useHasUnsavedChanges();
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const leaveWithoutAsking = useRef(false);

  async function confirmDelete() {
    setIsConfirmingDelete(false);
    try {
      await deleteQuiz(store.getState().current.id);
      await queryClient.invalidateQueries({ queryKey: quizzesQueryKeys.list });
    } catch (error) {
      showDefaultError(error);
      return;
    }
    leaveWithoutAsking.current = true;
    navigate('/');
    showSuccess(DELETE_COMPLETE_TEXT);
  }

  return (
    <>
      {isDirty && <span className="editor-frame__status">Unsaved changes</span>}
      <PreviewButton />
      <button
        type="button"
        className="button"
        // A save renames or reorders the list: My Quizzes loads it again when next shown.
        onClick={() =>
          saveCurrentQuiz(store).then(() =>
            queryClient.invalidateQueries({ queryKey: quizzesQueryKeys.list }),
          )
        }
      >
        Save
      </button>
      <button type="button" className="button button--danger" onClick={() => setIsConfirmingDelete(true)}>
        Delete
      </button>
      {/* Leaving with unsaved changes is confirmed by the guard, whichever way the user leaves. */}
      <button type="button" className="button button--secondary" onClick={() => navigate('/')}>
        Close
      </button>
      {isConfirmingDelete && (
        <DeleteQuizConfirmation onConfirm={confirmDelete} onCancel={() => setIsConfirmingDelete(false)} />
      )}
      <UnsavedChangesGuard editorPath={editorPath} leaveWithoutAsking={leaveWithoutAsking} />
    </>
  );
}
