import { type RefObject, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmationModal } from '../../ui/modal/ConfirmationModal';
import { useHasUnsavedChanges, useQuizStore } from './store/quizStoreHooks';

export const UNSAVED_CHANGES_TITLE = 'Leave without saving?';
export const UNSAVED_CHANGES_TEXT = 'You have unsaved changes. If you leave now, they will be lost.';

interface UnsavedChangesGuardProps {
  /** Paths starting here (the editor's own tabs) are not leaving. */
  editorPath: string;
  /** Set when leaving is already decided (the quiz was deleted), so nothing is asked. */
  leaveWithoutAsking: RefObject<boolean>;
}

function isInside(pathname: string, editorPath: string): boolean {
  return pathname === editorPath || pathname.startsWith(`${editorPath}/`);
}

/** Asks before a reload, a closed tab or an in-app navigation away from unsaved changes. */
export function UnsavedChangesGuard({ editorPath, leaveWithoutAsking }: UnsavedChangesGuardProps) {
  const store = useQuizStore();
  const isDirty = useHasUnsavedChanges();
  const blocker = useBlocker(
    ({ nextLocation }) =>
      !leaveWithoutAsking.current &&
      store.hasUnsavedChanges() &&
      !isInside(nextLocation.pathname, editorPath),
  );

  useEffect(() => {
    if (!isDirty) return;
    function warn(event: BeforeUnloadEvent) {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmationModal
      title={UNSAVED_CHANGES_TITLE}
      confirmLabel="Leave"
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    >
      <p>{UNSAVED_CHANGES_TEXT}</p>
    </ConfirmationModal>
  );
}
