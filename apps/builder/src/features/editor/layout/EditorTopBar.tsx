import { type ReactNode, useRef } from 'react';
import { useNavigate, useResolvedPath } from 'react-router';
import { PreviewButton } from '../PreviewButton';
import { useHasUnsavedChanges } from '../store/quizStoreHooks';
import { UnsavedChangesGuard } from '../UnsavedChangesGuard';

interface EditorTopBarProps {
  /** Where Close leads: the list the quiz or template was opened from. */
  closePath: string;
  /** Saves what is edited (and refreshes the lists showing it). */
  onSave: () => Promise<unknown>;
  /** Actions between Save and Close; `leaveTo` navigates without asking about unsaved changes. */
  extraActions?: (leaveTo: (path: string) => void) => ReactNode;
}

/** The editor's actions: the unsaved-changes status, Preview, Save, the editor's own actions and Close. */
export function EditorTopBar({ closePath, onSave, extraActions }: EditorTopBarProps) {
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
      {isDirty && <span className="editor-frame__status">Unsaved changes</span>}
      <PreviewButton />
      <button type="button" className="button" onClick={() => onSave()}>
        Save
      </button>
      {extraActions?.(leaveTo)}
      {/* Leaving with unsaved changes is confirmed by the guard, whichever way the user leaves. */}
      <button type="button" className="button button--secondary" onClick={() => navigate(closePath)}>
        Close
      </button>
      <UnsavedChangesGuard editorPath={editorPath} leaveWithoutAsking={leaveWithoutAsking} />
    </>
  );
}
