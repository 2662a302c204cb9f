import { isValidEmailAddress } from '@quizbeam/contracts/emailAddress';
import { fieldErrorId } from '../markup/captureScreen';
import type { LeadFields } from './visitor';

export const LEAD_FORM_ERRORS = {
  emailMissing: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  nameMissing: 'Please enter your name.',
  consentMissing: 'Please tick the box to continue.',
} as const;

function setFieldError(form: HTMLFormElement, field: string, message: string): void {
  const input = form.elements.namedItem(field) as HTMLInputElement | null;
  const slot = form.querySelector<HTMLElement>(`#${fieldErrorId(field)}`);
  if (input) {
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
  if (slot) {
    slot.textContent = message;
    slot.hidden = !message;
  }
}

/** Reads and checks the capture form; shows each problem next to its field and focuses the first. */
export function readLeadForm(form: HTMLFormElement): LeadFields | null {
  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
  const emailInput = input('email');
  const nameInput = input('name');
  const consentInput = input('consent');
  const email = emailInput?.value.trim() ?? '';
  const name = nameInput ? nameInput.value.trim() : null;
  const problems: [HTMLInputElement | null, string, string][] = [
    [nameInput, 'name', nameInput && !name ? LEAD_FORM_ERRORS.nameMissing : ''],
    [
      emailInput,
      'email',
      !email
        ? LEAD_FORM_ERRORS.emailMissing
        : isValidEmailAddress(email)
          ? ''
          : LEAD_FORM_ERRORS.emailInvalid,
    ],
    [consentInput, 'consent', consentInput && !consentInput.checked ? LEAD_FORM_ERRORS.consentMissing : ''],
  ];
  let firstInvalid: HTMLInputElement | null = null;
  for (const [element, field, message] of problems) {
    setFieldError(form, field, message);
    if (message && !firstInvalid) firstInvalid = element;
  }
  if (firstInvalid) {
    firstInvalid.focus();
    return null;
  }
  return { email, name, consent: consentInput?.checked ?? false };
}
