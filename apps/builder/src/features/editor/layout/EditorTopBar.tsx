import { type ReactNode, useRef } from 'react';
import { useNavigate, useResolvedPath } from 'react-router';
import { PreviewButton } from '../PreviewButton';
import { useHasUnsavedChanges } from '../store/quizStoreHooks';
import { UndoRedoButtons } from '../UndoRedoButtons';
import { UnsavedChangesGuard } from '../UnsavedChangesGuard';

interface EditorTopBarProps {
  /** Where Close leads: the list the quiz or template was opened from. */
  closePath: string;
  /** Saves what is edited (and refreshes the lists showing it). */
  onSave: () => Promise<unknown>;
  /** Actions between Save and Close; `leaveTo` navigates without asking about unsaved changes. */
  extraActions?: (leaveTo: (path: string) => void) => ReactNode;
  /** What is said about saving (the quiz editor's autosave); "Unsaved changes" while there are some otherwise. */
  status?: ReactNode;
  /** Actions before Preview (the quiz editor's presence and history). */
  leadingActions?: ReactNode;
  /** Saves before the editor is left; when it cannot, leaving is confirmed. Without it, leaving always asks. */
  saveBeforeLeaving?: () => Promise<boolean>;
}

/** The editor's actions: the saving status, Undo and Redo, Preview, Save, the editor's own actions and Close. */
export function EditorTopBar({
  closePath,
  onSave,
  extraActions,
  status,
  leadingActions,
  saveBeforeLeaving,
}: EditorTopBarProps) {
  const navigate = useNavigate();
  const isDirty = useHasUnsavedChanges();
  // The top bar sits in the editor's route, outside its tabs: '.' is the editor itself.
  const editorPath = useResolvedPath('.').pathname;
  const leaveWithoutAsking = useRef(false);

  function leaveTo(path: string) {
    leaveWithoutAsking.current = true;
    navigate(path);
  }

  return (
    <>
      {status ?? (isDirty && <span className="editor-frame__status">Unsaved changes</span>)}
      {leadingActions}
      <UndoRedoButtons />
      <PreviewButton />
      <button type="button" className="button" onClick={() => onSave()}>
        Save
      </button>
      {extraActions?.(leaveTo)}
      {/* Leaving with unsaved changes is confirmed by the guard, whichever way the user leaves. */}
      <button type="button" className="button button--secondary" onClick={() => navigate(closePath)}>
        Close
      </button>
      <UnsavedChangesGuard
        editorPath={editorPath}
        leaveWithoutAsking={leaveWithoutAsking}
        saveBeforeLeaving={saveBeforeLeaving}
      />
    </>
  );
}
