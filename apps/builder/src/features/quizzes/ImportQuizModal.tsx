import { QUIZ_NAME_MAX_LENGTH, QUIZ_NAME_REQUIRED_TEXT } from '@quizbeam/contracts/quiz';
import { listQuizzesEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { importSharedQuizEndpoint, SHARE_CODE_REQUIRED_TEXT } from '@quizbeam/contracts/sharing';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/ApiError';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation } from '../../api/endpointQuery';
import { Modal } from '../../ui/modal/Modal';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { TextInputField } from '../../ui/TextInputField';
import { useMe } from '../session/useMe';

export const QUIZ_IMPORTED_TEXT = 'Quiz has been imported.';

interface ImportQuizModalProps {
  /** The share page's quiz: the dialog then asks only for a name. */
  shareCode?: string;
  initialName?: string;
  onClose: () => void;
  onImported: (quizId: string) => void;
}

/** Imports a shared quiz into the account: a name, and the share code (or share link) unless given. */
export function ImportQuizModal({
  shareCode: givenShareCode,
  initialName = '',
  onClose,
  onImported,
}: ImportQuizModalProps) {
  const me = useMe();
  const queryClient = useQueryClient();
  const importing = useEndpointMutation(importSharedQuizEndpoint, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(listQuizzesEndpoint) }),
  });
  const [name, setName] = useState(initialName);
  const [shareCode, setShareCode] = useState(givenShareCode ?? '');
  const [showErrors, setShowErrors] = useState(false);
  const [unknownShareCode, setUnknownShareCode] = useState<string | null>(null);
  const nameError = name.trim() ? null : QUIZ_NAME_REQUIRED_TEXT;
  const shareCodeError = shareCode.trim() ? unknownShareCode : SHARE_CODE_REQUIRED_TEXT;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (nameError || !shareCode.trim() || importing.isPending) return;
    try {
      const { quizId } = await importing.mutateAsync({
        params: { account: me.account.id },
        body: { name: name.trim(), shareCode: shareCode.trim() },
      });
      showSuccess(QUIZ_IMPORTED_TEXT);
      onImported(quizId);
    } catch (error) {
      // The server's text names the problem: no quiz is shared under that code.
      if (error instanceof ApiError && error.status === 404 && givenShareCode === undefined)
        setUnknownShareCode(error.message);
      else showDefaultError(error);
    }
  }

  return (
    <Modal title="Import Quiz" onClose={onClose}>
      <form className="import-quiz-form" onSubmit={submit} noValidate>
        <TextInputField
          label="Quiz Name"
          value={name}
          onChange={setName}
          required
          maxLength={QUIZ_NAME_MAX_LENGTH}
          errorMessage={showErrors ? nameError : null}
        />
        {givenShareCode === undefined && (
          <TextInputField
            label="Share Code"
            value={shareCode}
            onChange={(next) => {
              setShareCode(next);
              setUnknownShareCode(null);
            }}
            placeholder="The code or the share link"
            required
            errorMessage={showErrors ? shareCodeError : null}
          />
        )}
        <div className="modal__footer">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={importing.isPending}>
            Import
          </button>
        </div>
      </form>
    </Modal>
  );
}
