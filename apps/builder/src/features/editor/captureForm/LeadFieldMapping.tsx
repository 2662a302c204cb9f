import { type AutoresponderService, autoresponderServiceSchema } from '@quizbeam/contracts/integrations';
import { LEAD_FIELD_SERVICE_FIELD_MAX_LENGTH, type LeadFormField } from '@quizbeam/contracts/leadFormFields';
import type { Quiz } from '@quizbeam/contracts/quiz';
import type { LeadFieldPatch } from '@quizbeam/quiz-engine/leadCapture';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import type { DropdownOption } from '../../../ui/dropdown/filterOptions';
import { TextInputField } from '../../../ui/TextInputField';
import { useQuizSelector, useQuizSelectorWithEquality } from '../store/quizStoreHooks';
import { NO_FIELD_LABEL } from './HtmlFormPicker';
import {
  HTML_FORM_FIELD_LABEL,
  NO_FORM_CHOSEN_NOTE,
  SERVICE_FIELD_HINT,
  SERVICE_FIELD_LABEL,
} from './leadFieldTexts';

const LEAVE_EMPTY = 'Leave it empty not to send it.';

/** What to type as the email service field for each service, as the service names its fields. */
const SERVICE_FIELD_HINTS: Record<AutoresponderService, string> = {
  mailchimp: `The merge tag, e.g. PHONE. ${LEAVE_EMPTY}`,
  aweber: `The custom field name; the field must exist on the list. ${LEAVE_EMPTY}`,
  getresponse: `The custom field name or id, e.g. company. ${LEAVE_EMPTY}`,
  activecampaign: `The custom field name, id or personalization tag, e.g. %COMPANY%. ${LEAVE_EMPTY}`,
  sendlane: 'Sendlane does not take custom fields from Quizbeam, so this value is not sent there.',
  drip: `The field key, e.g. company_size. ${LEAVE_EMPTY}`,
  convertkit: `The field key, e.g. company_size. ${LEAVE_EMPTY}`,
  platformly: `The custom field name, or its key such as cf_company_12. ${LEAVE_EMPTY}`,
};

/** The hint under "Email service field" for the quiz's connection's service (any service when none is chosen). */
export function serviceFieldHint(serviceName: string | null): string {
  const service = autoresponderServiceSchema.safeParse(serviceName);
  return service.success ? SERVICE_FIELD_HINTS[service.data] : SERVICE_FIELD_HINT;
}

// Fields that only send the form, or a file: a visitor's value never goes there.
const UNFILLABLE_TYPES = new Set(['submit', 'button', 'reset', 'image', 'file']);

/**
 * The names of the fields a value can fill in the forms leads go to: the quiz's form, and with Segment by
 * Outcome each outcome's, in the order they come.
 */
function formFieldNames(quiz: Quiz): string[] {
  const settings = quiz.leadCaptureSettings;
  const forms = settings.usePerOutcomeSettings
    ? quiz.outcomes.map((outcome) => outcome.leadCaptureSettings.htmlFormSettings)
    : [settings.htmlFormSettings];
  const names = forms.flatMap((form) =>
    (form?.formData?.fields ?? [])
      .filter((field) => field.name && !UNFILLABLE_TYPES.has(field.type.toLowerCase()))
      .map((field) => field.name),
  );
  return [...new Set(names)];
}

const sameNames = (first: string[], second: string[]) =>
  first.length === second.length && first.every((name, index) => name === second[index]);

function fieldOptions(names: string[], chosen: string): DropdownOption<string>[] {
  const options = [
    { value: '', label: NO_FIELD_LABEL },
    ...names.map((name) => ({ value: name, label: name })),
  ];
  if (chosen && !names.includes(chosen))
    options.push({ value: chosen, label: `${chosen} (not in the form)` });
  return options;
}

interface LeadFieldMappingProps {
  /** A capture form field, or any value mapped the same way (a URL field). */
  field: Pick<LeadFormField, 'id' | 'serviceField' | 'htmlFormField'>;
  onChange: (patch: LeadFieldPatch, coalesceKey?: string) => void;
}

/** Where the field's value goes in the quiz's destination: an email service's field or the form's field. */
export function LeadFieldMapping({ field, onChange }: LeadFieldMappingProps) {
  const type = useQuizSelector((quiz) => quiz.leadCaptureSettings.type);
  const serviceName = useQuizSelector((quiz) => quiz.leadCaptureSettings.targetServiceName);
  const names = useQuizSelectorWithEquality(formFieldNames, sameNames);
  if (type === 'api')
    return (
      <TextInputField
        label={SERVICE_FIELD_LABEL}
        value={field.serviceField ?? ''}
        hint={serviceFieldHint(serviceName)}
        maxLength={LEAD_FIELD_SERVICE_FIELD_MAX_LENGTH}
        onChange={(serviceField) => onChange({ serviceField }, `lead-field-${field.id}-service-field`)}
      />
    );
  const chosen = field.htmlFormField ?? '';
  return (
    <>
      <Dropdown
        label={HTML_FORM_FIELD_LABEL}
        options={fieldOptions(names, chosen)}
        value={chosen}
        onChange={(htmlFormField) => onChange({ htmlFormField })}
      />
      {names.length === 0 && <p className="editor-tab-card__note">{NO_FORM_CHOSEN_NOTE}</p>}
    </>
  );
}
