import {
  LEAD_FIELD_LABEL_REQUIRED_TEXT,
  type LeadFieldKind,
  type LeadFormField,
  leadFieldKeySchema,
  leadFieldProblems,
} from '@quizbeam/contracts/leadFormFields';

export const FORM_FIELDS_TITLE = 'Form Fields';
export const REQUIRED_FIELDS_NOTE =
  'Name and email are always required; turn on Required for each other field a visitor must fill in.';
export const EMAIL_ALWAYS_TEXT = 'Always asked, required';
export const ADD_FIELD_LABEL = 'Add Field';
export const KEY_LABEL = 'Key in webhooks and Zapier';
export const CHOICES_LABEL = 'Choices (one per line)';
export const SERVICE_FIELD_LABEL = 'Email service field';
export const SERVICE_FIELD_HINT =
  'The merge or custom field in your email service, such as PHONE for Mailchimp. Leave it empty not to send it.';
export const HTML_FORM_FIELD_LABEL = 'HTML form field';
export const NO_FORM_CHOSEN_NOTE = 'Choose an HTML form under Form Integrations to pick one of its fields.';
export const CHECKBOX_REQUIRED_HINT = 'A required checkbox must be ticked.';

export const LEAD_FIELD_KIND_LABELS: Record<LeadFieldKind, string> = {
  phone: 'Phone',
  company: 'Company',
  website: 'Website',
  text: 'Text',
  choice: 'Choice list',
  checkbox: 'Checkbox',
};

/** How the editor names a field in headings and button names. */
export const leadFieldName = (field: Pick<LeadFormField, 'label'>) => field.label.trim() || 'Untitled field';

export interface LeadFieldErrors {
  label?: string;
  key?: string;
  choices?: string;
}

/** Each field's problems by field id, with the texts the server answers a save with. */
export function leadFieldErrors(fields: readonly LeadFormField[]): Map<string, LeadFieldErrors> {
  const errors = new Map<string, LeadFieldErrors>();
  const add = (fieldId: string, part: keyof LeadFieldErrors, message: string) => {
    const current = errors.get(fieldId) ?? {};
    if (!current[part]) errors.set(fieldId, { ...current, [part]: message });
  };
  for (const field of fields) {
    if (field.label.trim() === '') add(field.id, 'label', LEAD_FIELD_LABEL_REQUIRED_TEXT);
    const keyFormat = leadFieldKeySchema.safeParse(field.key).error?.issues[0]?.message;
    if (keyFormat) add(field.id, 'key', keyFormat);
  }
  for (const problem of leadFieldProblems(fields)) {
    const [index, part] = problem.path;
    const field = typeof index === 'number' ? fields[index] : undefined;
    if (field && (part === 'key' || part === 'choices')) add(field.id, part, problem.message);
  }
  return errors;
}
