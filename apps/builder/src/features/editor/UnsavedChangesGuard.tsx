import { type RefObject, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmationModal } from '../../ui/modal/ConfirmationModal';
import { useHasUnsavedChanges, useQuizStore } from './store/quizStoreHooks';

export const UNSAVED_CHANGES_TITLE = 'Leave without saving?';
export const UNSAVED_CHANGES_TEXT = 'You have unsaved changes. If you leave now, they will be lost.';
export const NOT_SAVED_YET_TEXT =
  'Your latest changes could not be saved yet. They are kept on this device and saved when you open this quiz here again.';

interface UnsavedChangesGuardProps {
  /** Paths starting here (the editor's own tabs) are not leaving. */
  editorPath: string;
  /** Set when leaving is already decided (the quiz was deleted), so nothing is asked. */
  leaveWithoutAsking: RefObject<boolean>;
  /**
   * With autosave: saves on the way out, and asks only when that fails. A closed tab or reload is not asked
   * about either, since autosave keeps unsaved edits on this device until they are saved.
   */
  saveBeforeLeaving?: () => Promise<boolean>;
}

function isInside(pathname: string, editorPath: string): boolean {
  return pathname === editorPath || pathname.startsWith(`${editorPath}/`);
}

/** Asks before a reload, a closed tab or an in-app navigation away from unsaved changes. */
export function UnsavedChangesGuard({
  editorPath,
  leaveWithoutAsking,
  saveBeforeLeaving,
}: UnsavedChangesGuardProps) {
  const store = useQuizStore();
  const isDirty = useHasUnsavedChanges();
  const [saveFailed, setSaveFailed] = useState(false);
  const blocker = useBlocker(
    ({ nextLocation }) =>
      !leaveWithoutAsking.current &&
      store.hasUnsavedChanges() &&
      !isInside(nextLocation.pathname, editorPath),
  );
  const blockerState = blocker.state;

  const latestBlocker = useRef(blocker);
  latestBlocker.current = blocker;

  useEffect(() => {
    if (blockerState !== 'blocked' || !saveBeforeLeaving) return;
    let cancelled = false;
    void saveBeforeLeaving().then((saved) => {
      if (cancelled) return;
      if (saved) latestBlocker.current.proceed?.();
      else setSaveFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [blockerState, saveBeforeLeaving]);

  useEffect(() => {
    if (!isDirty || saveBeforeLeaving) return;
    function warn(event: BeforeUnloadEvent) {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty, saveBeforeLeaving]);

  if (blocker.state !== 'blocked' || (saveBeforeLeaving && !saveFailed)) return null;
  return (
    <ConfirmationModal
      title={UNSAVED_CHANGES_TITLE}
      confirmLabel="Leave"
      onConfirm={() => {
        setSaveFailed(false);
        blocker.proceed();
      }}
      onCancel={() => {
        setSaveFailed(false);
        blocker.reset();
      }}
    >
      <p>{saveBeforeLeaving ? NOT_SAVED_YET_TEXT : UNSAVED_CHANGES_TEXT}</p>
    </ConfirmationModal>
  );
}
