import { useQuery } from '@tanstack/react-query';
import { ButtonWithReason } from '../../ui/ButtonWithReason';
import { Modal } from '../../ui/modal/Modal';
import { quizzesQueryKeys } from './quizzesApi';
import { loadTemplatePreview } from './templatePreviewApi';

interface TemplatePreviewModalProps {
  templateId: string;
  templateName: string;
  /** Why Select is unavailable (no quiz name yet), or null. */
  selectDisabledReason: string | null;
  onSelect: () => void;
  onClose: () => void;
}

export function TemplatePreviewModal({
  templateId,
  templateName,
  selectDisabledReason,
  onSelect,
  onClose,
}: TemplatePreviewModalProps) {
  const { data: preview } = useQuery({
    queryKey: quizzesQueryKeys.templatePreview(templateId),
    queryFn: () => loadTemplatePreview(templateId),
  });

  return (
    <Modal
      title={templateName}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Close
          </button>
          <ButtonWithReason className="button" disabledReason={selectDisabledReason} onClick={onSelect}>
            Select
          </ButtonWithReason>
        </>
      }
    >
      {preview && (
        <div className="template-preview">
          <h3>Questions</h3>
          <ol>
            {preview.questions.map((question) => (
              <li key={question.id}>
                {question.text}
                <ul>
                  {question.answers.map((answer) => (
                    <li key={answer.id}>{answer.text || answer.imageCaption}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          <h3>Outcomes</h3>
          <ul>
            {preview.outcomes.map((outcome) => (
              <li key={outcome.id}>{outcome.name}</li>
            ))}
          </ul>
        </div>
      )}
    </Modal>
  );
}
