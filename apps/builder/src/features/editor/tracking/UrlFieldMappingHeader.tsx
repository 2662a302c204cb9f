import type { Quiz } from '@quizbeam/contracts/quiz';
import { serviceFieldHint } from '../captureForm/LeadFieldMapping';
import {
  HTML_FORM_FIELD_LABEL,
  NO_FORM_CHOSEN_NOTE,
  SERVICE_FIELD_LABEL,
} from '../captureForm/leadFieldTexts';
import { useQuizSelector } from '../store/quizStoreHooks';
import { URL_FIELD_COLUMN_LABEL } from './trackingTexts';

/** Whether a form is chosen for the leads (the quiz's, or with Segment by Outcome any outcome's). */
const hasHtmlForm = (quiz: Quiz): boolean => {
  const settings = quiz.leadCaptureSettings;
  const forms = settings.usePerOutcomeSettings
    ? quiz.outcomes.map((outcome) => outcome.leadCaptureSettings.htmlFormSettings)
    : [settings.htmlFormSettings];
  return forms.some((form) => (form?.formData?.fields.length ?? 0) > 0);
};

/**
 * The list's column titles and, once for every row, what the mapping takes: each row's own label and hint
 * are there for screen readers only, so the list stays one line a parameter.
 */
export function UrlFieldMappingHeader() {
  const type = useQuizSelector((quiz) => quiz.leadCaptureSettings.type);
  const serviceName = useQuizSelector((quiz) => quiz.leadCaptureSettings.targetServiceName);
  const formChosen = useQuizSelector(hasHtmlForm);
  const note = type === 'api' ? serviceFieldHint(serviceName) : formChosen ? null : NO_FORM_CHOSEN_NOTE;
  return (
    <div className="url-fields__header" aria-hidden="true">
      <span className="url-fields__column">{URL_FIELD_COLUMN_LABEL}</span>
      <span className="url-fields__column">
        {type === 'api' ? SERVICE_FIELD_LABEL : HTML_FORM_FIELD_LABEL}
        {note && <span className="url-fields__column-hint">{note}</span>}
      </span>
    </div>
  );
}
