import { isValidEmailAddress } from '@quizbeam/contracts/emailAddress';
import { fieldErrorId } from '../markup/captureScreen';
import type { PublishedLeadField } from '../playerData';
import { text } from '../visitorText';
import type { LeadFields } from './visitor';

/** The form's own checks' messages, in the quiz's language. */
export const LEAD_FORM_ERRORS = {
  emailMissing: () => text('emailMissing'),
  emailInvalid: () => text('emailInvalid'),
  nameMissing: () => text('nameMissing'),
  consentMissing: () => text('consentMissing'),
};

/** The server's words for a required field left empty; only the server checks the rest (a phone, a web address). */
export const missingFieldText = (field: PublishedLeadField): string =>
  field.kind === 'checkbox'
    ? text('fieldUnticked', { label: field.label })
    : text('fieldMissing', { label: field.label });

type Control = HTMLInputElement | HTMLSelectElement;

const controlOf = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as Control | null;

function setFieldError(form: HTMLFormElement, field: string, message: string): void {
  const control = controlOf(form, field);
  const slot = form.querySelector<HTMLElement>(`#${fieldErrorId(field)}`);
  if (control) {
    if (message) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
  }
  if (slot) {
    slot.textContent = message;
    slot.hidden = !message;
  }
}

const isTicked = (control: Control | null) => control instanceof HTMLInputElement && control.checked;

/** Reads and checks the capture form; shows each problem next to its field and focuses the first. */
export function readLeadForm(
  form: HTMLFormElement,
  fields: readonly PublishedLeadField[],
): LeadFields | null {
  const emailInput = controlOf(form, 'email');
  const nameInput = controlOf(form, 'name');
  const consentInput = controlOf(form, 'consent');
  const email = emailInput?.value.trim() ?? '';
  const name = nameInput ? nameInput.value.trim() : null;
  const values: Record<string, string | boolean> = {};
  const problems: [Control | null, string, string][] = [
    [nameInput, 'name', nameInput && !name ? LEAD_FORM_ERRORS.nameMissing() : ''],
    [
      emailInput,
      'email',
      !email
        ? LEAD_FORM_ERRORS.emailMissing()
        : isValidEmailAddress(email)
          ? ''
          : LEAD_FORM_ERRORS.emailInvalid(),
    ],
  ];
  for (const field of fields) {
    const control = controlOf(form, field.id);
    const value = field.kind === 'checkbox' ? isTicked(control) : (control?.value.trim() ?? '');
    if (value !== '') values[field.id] = value;
    problems.push([control, field.id, field.required && !value ? missingFieldText(field) : '']);
  }
  problems.push([
    consentInput,
    'consent',
    consentInput && !isTicked(consentInput) ? LEAD_FORM_ERRORS.consentMissing() : '',
  ]);
  let firstInvalid: Control | null = null;
  for (const [element, field, message] of problems) {
    setFieldError(form, field, message);
    if (message && !firstInvalid) firstInvalid = element;
  }
  if (firstInvalid) {
    firstInvalid.focus();
    return null;
  }
  const lead: LeadFields = { email, name, consent: isTicked(consentInput) };
  if (fields.length > 0) lead.fields = values;
  return lead;
}

/** The form filled in again with what the visitor entered before (after Back, or a refusal at the end). */
export function fillLeadForm(form: HTMLFormElement, lead: LeadFields): void {
  const entries: [string, string | boolean | null][] = [
    ['email', lead.email],
    ['name', lead.name],
    ['consent', lead.consent],
    ...Object.entries(lead.fields ?? {}),
  ];
  for (const [name, value] of entries) {
    const control = controlOf(form, name);
    if (control instanceof HTMLInputElement && control.type === 'checkbox') control.checked = value === true;
    else if (control && typeof value === 'string') control.value = value;
  }
}

/** The server refused a field's value: its message next to it, and the focus on it. False when no such field. */
export function showFieldRefusal(form: HTMLFormElement, field: string, message: string): boolean {
  const control = controlOf(form, field);
  if (!control) return false;
  setFieldError(form, field, message);
  control.focus();
  return true;
}
