import type { Quiz } from '@quizbeam/contracts/quiz';
import {
  getQuizVersionEndpoint,
  listQuizVersionsEndpoint,
  type QuizVersionSummary,
  restoreQuizVersionEndpoint,
} from '@quizbeam/contracts/quizHistory';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../api/ApiError';
import { call } from '../../../api/apiClient';
import { endpointKey } from '../../../api/endpointKey';
import { useEndpointQuery } from '../../../api/endpointQuery';
import { ButtonWithReason } from '../../../ui/ButtonWithReason';
import { Modal } from '../../../ui/modal/Modal';
import { showDefaultError } from '../../../ui/notifications/DefaultErrorMessage';
import { showError, showSuccess } from '../../../ui/notifications/notificationStore';
import { Spinner } from '../../../ui/Spinner';
import { useMe } from '../../session/useMe';
import { staleRevisionOf } from '../revisionConflict';
import { useQuizStore } from '../store/quizStoreHooks';
import {
  CURRENT_VERSION_REASON,
  CURRENT_VERSION_TEXT,
  HISTORY_CHOOSE_TEXT,
  HISTORY_EMPTY_TEXT,
  HISTORY_LIST_LABEL,
  HISTORY_TITLE,
  RESTORE_CONFIRM_TEXT,
  RESTORE_VERSION_TEXT,
  restoreQuestionText,
  UNSAVED_CHANGES_REPLACED_TEXT,
  VERSION_KIND_LABELS,
  VERSION_RESTORED_TEXT,
  versionTimeText,
} from './historyTexts';
import { VersionPreview } from './VersionPreview';
import './HistoryPanel.css';

interface HistoryPanelProps {
  onClose: () => void;
  /** The quiz as the restore stored it: the editor shows it from now on. */
  onRestored: (quiz: Quiz) => void;
}

/**
 * The quiz's versions, newest first, beside a preview of the chosen one, which can be restored once
 * confirmed. A restore goes over the revision the editor last saved, so one over someone else's newer save
 * is refused like a save: the server's message shows and the list is loaded again.
 */
export function HistoryPanel({ onClose, onRestored }: HistoryPanelProps) {
  const store = useQuizStore();
  const quizId = store.getState().current.id;
  const queryClient = useQueryClient();
  const versions = useEndpointQuery(listQuizVersionsEndpoint, { params: { id: quizId } });
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isRestoring, setIsRestoring] = useState(false);
  const chosen = versions.data?.find((version) => version.id === chosenId) ?? null;

  const reloadVersions = () =>
    queryClient.invalidateQueries({
      queryKey: endpointKey(listQuizVersionsEndpoint, { params: { id: quizId } }),
    });

  function choose(versionId: string) {
    setChosenId(versionId);
    setIsConfirming(false);
  }

  async function restore(version: QuizVersionSummary) {
    setIsRestoring(true);
    try {
      const restored = await call(restoreQuizVersionEndpoint, {
        params: { id: quizId, versionId: version.id },
        body: { revision: store.getState().saved.revision },
      });
      onRestored(restored);
      showSuccess(VERSION_RESTORED_TEXT);
      await reloadVersions();
      onClose();
    } catch (error) {
      setIsConfirming(false);
      const stale = staleRevisionOf(error);
      if (stale) {
        showError(stale.error);
        await reloadVersions();
      } else if (isApiError(error, 400)) showError(error.message);
      else showDefaultError(error);
    } finally {
      setIsRestoring(false);
    }
  }

  return (
    <Modal
      title={HISTORY_TITLE}
      wide="frame"
      onClose={onClose}
      footer={
        chosen && isConfirming ? (
          <RestoreConfirmation
            version={chosen}
            hasUnsavedChanges={store.hasUnsavedChanges()}
            isRestoring={isRestoring}
            onConfirm={() => restore(chosen)}
            onCancel={() => setIsConfirming(false)}
          />
        ) : (
          <>
            <button type="button" className="button button--secondary" onClick={onClose}>
              Close
            </button>
            {chosen && (
              <ButtonWithReason
                className="button"
                disabledReason={chosen.isCurrent ? CURRENT_VERSION_REASON : null}
                onClick={() => setIsConfirming(true)}
              >
                {RESTORE_VERSION_TEXT}
              </ButtonWithReason>
            )}
          </>
        )
      }
    >
      <div className="history-panel">
        <VersionList
          versions={versions.data}
          isLoading={versions.isPending}
          chosenId={chosenId}
          onChoose={choose}
        />
        <div className="history-panel__preview">
          {chosenId ? <ChosenVersion quizId={quizId} versionId={chosenId} /> : <p>{HISTORY_CHOOSE_TEXT}</p>}
        </div>
      </div>
    </Modal>
  );
}

interface VersionListProps {
  versions: QuizVersionSummary[] | undefined;
  isLoading: boolean;
  chosenId: string | null;
  onChoose: (versionId: string) => void;
}

function VersionList({ versions, isLoading, chosenId, onChoose }: VersionListProps) {
  if (isLoading) return <Spinner />;
  if (!versions) return null;
  if (versions.length === 0) return <p className="history-panel__empty">{HISTORY_EMPTY_TEXT}</p>;
  return (
    <ul className="history-panel__list" aria-label={HISTORY_LIST_LABEL}>
      {versions.map((version) => (
        <li key={version.id}>
          <button
            type="button"
            className="history-panel__version"
            aria-pressed={version.id === chosenId}
            onClick={() => onChoose(version.id)}
          >
            <span className="history-panel__time">{versionTimeText(version.savedAt)}</span>
            <span className="history-panel__details">
              <span className="history-panel__kind">{VERSION_KIND_LABELS[version.kind]}</span>
              {version.savedBy && <span className="history-panel__author">{version.savedBy}</span>}
              {version.isCurrent && <span className="history-panel__current">{CURRENT_VERSION_TEXT}</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function ChosenVersion({ quizId, versionId }: { quizId: string; versionId: string }) {
  const accountId = useMe().account.id;
  const version = useEndpointQuery(getQuizVersionEndpoint, { params: { id: quizId, versionId } });
  if (!version.data) return <Spinner />;
  return <VersionPreview key={versionId} quiz={version.data.quiz} accountId={accountId} />;
}

interface RestoreConfirmationProps {
  version: QuizVersionSummary;
  hasUnsavedChanges: boolean;
  isRestoring: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asked in the panel's own footer: a second dialog over this one would share its Escape key. */
function RestoreConfirmation({
  version,
  hasUnsavedChanges,
  isRestoring,
  onConfirm,
  onCancel,
}: RestoreConfirmationProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <section className="history-panel__confirmation" aria-label={RESTORE_VERSION_TEXT}>
      <p>
        {restoreQuestionText(version.savedAt)}
        {hasUnsavedChanges && ` ${UNSAVED_CHANGES_REPLACED_TEXT}`}
      </p>
      <button ref={cancelRef} type="button" className="button button--secondary" onClick={onCancel}>
        Cancel
      </button>
      <button type="button" className="button" disabled={isRestoring} onClick={onConfirm}>
        {RESTORE_CONFIRM_TEXT}
      </button>
    </section>
  );
}
