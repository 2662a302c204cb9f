import { deleteQuizEndpoint, listQuizzesEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../api/apiClient';
import { endpointKey } from '../../api/endpointKey';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { DeleteQuizConfirmation } from '../quizzes/DeleteQuizConfirmation';
import { DELETE_COMPLETE_TEXT } from '../quizzes/quizLabels';
import { EditorTopBar } from './layout/EditorTopBar';
import { saveCurrentQuiz } from './saveCurrentQuiz';
import { useQuizStore } from './store/quizStoreHooks';

/** The quiz editor's top bar: Save (refreshing My Quizzes), Delete and Close (back to My Quizzes). */
export function QuizEditorTopBar() {
  const store = useQuizStore();
  const queryClient = useQueryClient();
  return (
    <EditorTopBar
      closePath="/"
      // A save renames or reorders the list: My Quizzes loads it again when next shown.
      onSave={() =>
        saveCurrentQuiz(store).then(() =>
          queryClient.invalidateQueries({ queryKey: endpointKey(listQuizzesEndpoint) }),
        )
      }
      extraActions={(leaveTo) => <DeleteQuizButton onDeleted={() => leaveTo('/')} />}
    />
  );
}

/** Delete, once confirmed; the editor is then left for My Quizzes. */
function DeleteQuizButton({ onDeleted }: { onDeleted: () => void }) {
  const store = useQuizStore();
  const queryClient = useQueryClient();
  const [isConfirming, setIsConfirming] = useState(false);

  async function confirmDelete() {
    setIsConfirming(false);
    try {
      await call(deleteQuizEndpoint, { params: { id: store.getState().current.id } });
      await queryClient.invalidateQueries({ queryKey: endpointKey(listQuizzesEndpoint) });
    } catch (error) {
      showDefaultError(error);
      return;
    }
    onDeleted();
    showSuccess(DELETE_COMPLETE_TEXT);
  }

  return (
    <>
      <button type="button" className="button button--danger" onClick={() => setIsConfirming(true)}>
        Delete
      </button>
      {isConfirming && (
        <DeleteQuizConfirmation onConfirm={confirmDelete} onCancel={() => setIsConfirming(false)} />
      )}
    </>
  );
}
