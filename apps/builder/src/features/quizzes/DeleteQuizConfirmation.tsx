import { ConfirmationModal } from '../../ui/modal/ConfirmationModal';

export const DELETE_QUIZ_TEXT =
  'This permanently deletes the quiz and all its records. If the quiz is published, it is taken down. ' +
  'This cannot be reversed.';

interface DeleteQuizConfirmationProps {
  onConfirm: () => void;
  onCancel: () => void;
}

export function DeleteQuizConfirmation({ onConfirm, onCancel }: DeleteQuizConfirmationProps) {
  return (
    <ConfirmationModal destructive confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel}>
      <p>{DELETE_QUIZ_TEXT}</p>
    </ConfirmationModal>
  );
}
