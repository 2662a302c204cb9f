import type { Quiz } from '@quizbeam/contracts/quiz';
import {
  getTemplateEndpoint,
  PREMIUM_TEMPLATE_MESSAGE,
  type TemplateForNewQuiz,
} from '@quizbeam/contracts/templates';
import { useEndpointQuery } from '../../api/endpointQuery';
import { ButtonWithReason } from '../../ui/ButtonWithReason';
import { Modal } from '../../ui/modal/Modal';
import { outcomeSubtitle, outcomeTitle } from '../editor/outcomes/outcomeLabels';

export const UNTITLED_QUESTION_TEXT = 'Untitled question';
export const IMAGE_ANSWER_TEXT = 'Image answer';

interface TemplatePreviewModalProps {
  template: TemplateForNewQuiz;
  /** Why Select is unavailable (a locked premium template, no quiz name yet), or null. */
  selectDisabledReason: string | null;
  onSelect: () => void;
  onClose: () => void;
}

/** What a template holds, before a quiz starts from it: its questions with their answers, and its outcomes. */
function TemplateContents({ quiz }: { quiz: Quiz }) {
  return (
    <>
      <h3>Questions</h3>
      <ol>
        {quiz.questions.map((question) => (
          <li key={question.id}>
            {question.text.trim() || UNTITLED_QUESTION_TEXT}
            <ul>
              {question.answers.map((answer) => (
                <li key={answer.id}>
                  {answer.text.trim() || answer.imageCaption.trim() || IMAGE_ANSWER_TEXT}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <h3>Outcomes</h3>
      <ul>
        {quiz.outcomes.map((outcome) => (
          <li key={outcome.id}>
            {outcome.name.trim() || outcomeTitle(outcome)}
            {quiz.type === 'scored' && ` (${outcomeSubtitle(outcome, 'scored')})`}
          </li>
        ))}
      </ul>
    </>
  );
}

export function TemplatePreviewModal({
  template,
  selectDisabledReason,
  onSelect,
  onClose,
}: TemplatePreviewModalProps) {
  const { data: loaded } = useEndpointQuery(getTemplateEndpoint, { params: { id: template.id } });

  return (
    <Modal
      title={template.name}
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
      <div className="template-preview">
        {template.locked && <p className="template-preview__locked">{PREMIUM_TEMPLATE_MESSAGE}</p>}
        {template.pointOfQuiz && <p className="template-preview__point">{template.pointOfQuiz}</p>}
        {template.description && <p className="template-preview__description">{template.description}</p>}
        {loaded && <TemplateContents quiz={loaded.quiz} />}
      </div>
    </Modal>
  );
}
