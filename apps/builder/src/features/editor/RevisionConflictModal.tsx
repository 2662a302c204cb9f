import { getQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { useState, useSyncExternalStore } from 'react';
import { call } from '../../api/apiClient';
import { Modal } from '../../ui/modal/Modal';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import type { QuizStore } from './store/quizStore';
import { useQuizStore } from './store/quizStoreHooks';

export const REVISION_CONFLICT_TITLE = 'This quiz changed since you opened it';
export const RELOAD_THEIR_VERSION = 'Reload their version';
export const OVERWRITE_WITH_MINE = 'Overwrite with mine';

const savedAtFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

interface RevisionConflictModalProps {
  /** The dialog's title; the quiz editor's by default. */
  title?: string;
  /** Puts the version the server has now in the editor; by default the quiz is loaded again. */
  reloadTheirVersion?: (store: QuizStore) => Promise<void>;
}

const reloadQuiz = async (store: QuizStore) =>
  store.replace(await call(getQuizEndpoint, { params: { id: store.getState().current.id } }));

/**
 * Shown when a save or publish was refused because another tab or person saved the quiz (or template)
 * first: reload their version (the edits here are dropped) or overwrite it with this one (saved again
 * over theirs).
 */
export function RevisionConflictModal({
  title = REVISION_CONFLICT_TITLE,
  reloadTheirVersion = reloadQuiz,
}: RevisionConflictModalProps) {
  const store = useQuizStore();
  const conflict = useSyncExternalStore(store.subscribe, store.getConflict, store.getConflict);
  const [busy, setBusy] = useState(false);
  if (!conflict) return null;
  const { stale } = conflict;

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      showDefaultError(error);
    } finally {
      setBusy(false);
    }
  }

  const reload = () =>
    run(async () => {
      await reloadTheirVersion(store);
      store.setConflict(null);
    });

  return (
    <Modal
      title={title}
      onClose={() => store.setConflict(null)}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={() => store.setConflict(null)}>
            Cancel
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={reload}>
            {RELOAD_THEIR_VERSION}
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => run(conflict.retry)}>
            {OVERWRITE_WITH_MINE}
          </button>
        </>
      }
    >
      <p>{stale.error}</p>
      <p>
        {stale.savedBy ? `Saved by ${stale.savedBy}` : 'Saved'} on{' '}
        {savedAtFormat.format(new Date(stale.savedAt))}. Reloading drops your unsaved edits; overwriting
        replaces their changes with yours.
      </p>
    </Modal>
  );
}
