import type { Quiz } from '@quizbeam/contracts/quiz';
import { deleteQuizEndpoint, listQuizzesEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../api/apiClient';
import { endpointKey } from '../../api/endpointKey';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { DeleteQuizConfirmation } from '../quizzes/DeleteQuizConfirmation';
import { DELETE_COMPLETE_TEXT } from '../quizzes/quizLabels';
import { AutosaveStatus } from './autosave/AutosaveStatus';
import type { AutosaveController } from './autosave/autosaveController';
import { MergeConflictModal } from './autosave/MergeConflictModal';
import { autosaveOf } from './autosave/useAutosave';
import { DuplicateQuizButton } from './DuplicateQuizButton';
import { HistoryButton } from './history/HistoryButton';
import { EditorTopBar } from './layout/EditorTopBar';
import { PresenceIndicator } from './presence/PresenceIndicator';
import { usePresence } from './presence/usePresence';
import { saveCurrentQuiz } from './saveCurrentQuiz';
import { useQuizStore } from './store/quizStoreHooks';

/**
 * The quiz editor's top bar: autosave's status, Save (at once, refreshing My Quizzes), Delete and Close
 * (back to My Quizzes, saving on the way).
 */
export function QuizEditorTopBar({ autosave }: { autosave: AutosaveController }) {
  const store = useQuizStore();
  const queryClient = useQueryClient();
  const saveBeforeLeaving = useCallback(() => autosave.saveNow(), [autosave]);
  const presence = usePresence(store.getState().current.id);

  // Another tab or person saved: their version comes in, merged with what is being edited here.
  useEffect(() => {
    if (presence.revision !== null) void autosave.catchUp(presence.revision).catch(() => undefined);
  }, [autosave, presence.revision]);

  const showRestored = useCallback(
    (restored: Quiz) => {
      // One undo step back to what was shown before; autosave would then save that again.
      store.dispatch(() => restored);
      store.markSaved(restored, restored);
    },
    [store],
  );

  return (
    <EditorTopBar
      closePath="/"
      status={
        <>
          <AutosaveStatus controller={autosave} />
          <MergeConflictModal controller={autosave} />
        </>
      }
      saveBeforeLeaving={saveBeforeLeaving}
      leadingActions={
        <>
          <PresenceIndicator editors={presence.editors} />
          <HistoryButton onRestored={showRestored} />
        </>
      }
      // A save renames or reorders the list: My Quizzes loads it again when next shown.
      onSave={() =>
        saveCurrentQuiz(store).then(() =>
          queryClient.invalidateQueries({ queryKey: endpointKey(listQuizzesEndpoint) }),
        )
      }
      extraActions={(leaveTo) => (
        <>
          <DuplicateQuizButton />
          <DeleteQuizButton onDeleted={() => leaveTo('/')} />
        </>
      )}
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
      autosaveOf(store)?.discard();
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
