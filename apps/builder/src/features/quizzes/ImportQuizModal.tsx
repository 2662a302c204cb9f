import { type FormEvent, useState } from 'react';
import { Modal } from '../../ui/modal/Modal';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { TextInputField } from '../../ui/TextInputField';
import { useMe } from '../session/useMe';
import { QUIZ_NAME_REQUIRED_TEXT } from './quizLabels';
import { importSharedQuiz } from './quizzesApi';

export const SHARE_CODE_REQUIRED_TEXT = 'Please enter a share code.';
export const QUIZ_IMPORTED_TEXT = 'Quiz has been imported.';

interface ImportQuizModalProps {
  onClose: () => void;
  onImported: () => void;
}

export function ImportQuizModal({ onClose, onImported }: ImportQuizModalProps) {
  const me = useMe();
  const [name, setName] = useState('');
  const [shareCode, setShareCode] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const nameError = name.trim() ? null : QUIZ_NAME_REQUIRED_TEXT;
  const shareCodeError = shareCode.trim() ? null : SHARE_CODE_REQUIRED_TEXT;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (nameError || shareCodeError) {
      setShowErrors(true);
      return;
    }
    try {
      await importSharedQuiz(me.account.id, { name: name.trim(), shareCode: shareCode.trim() });
    } catch {
      showDefaultError();
      return;
    }
    showSuccess(QUIZ_IMPORTED_TEXT);
    onImported();
  }

  return (
    <Modal title="Import Quiz" onClose={onClose}>
      <form className="import-quiz-form" onSubmit={submit} noValidate>
        <TextInputField
          label="Quiz Name"
          value={name}
          onChange={setName}
          required
          errorMessage={showErrors ? nameError : null}
        />
        <TextInputField
          label="Share Code"
          value={shareCode}
          onChange={setShareCode}
          required
          errorMessage={showErrors ? shareCodeError : null}
        />
        <div className="modal__footer">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button">
            Import
          </button>
        </div>
      </form>
    </Modal>
  );
}
