import { LEAD_EMAIL_MAX_LENGTH, LEAD_NAME_MAX_LENGTH } from '@quizbeam/contracts/leadFields';
import { escapeHtml } from './escapeHtml';
import { HEADING_ID } from './pageIds';

/** The capture form's texts and options, with the outcome's own texts already applied. */
export interface CaptureView {
  headerText: string;
  descriptionText: string;
  dataUsageNote: string;
  privacyPolicyUrl: string;
  captureName: boolean;
  useConfirmationCheckbox: boolean;
  confirmationCheckboxText: string;
  skippable: boolean;
}

export const LEAD_FORM_ATTRIBUTE = 'data-lead-form';
export const SEND_ERROR_ID = 'qb-send-error';
export const fieldErrorId = (field: string) => `qb-${field}-error`;

/*
 * The bar is full on this screen, which a block span is without a style attribute: the editor's preview shows
 * this markup under the builder's Content-Security-Policy, which refuses inline style attributes.
 */
const FULL_PROGRESS_BAR_HTML = '<div class="qb-bar" aria-hidden="true"><span></span></div>';

const errorSlot = (field: string) => `<p id="${fieldErrorId(field)}" class="qb-error" hidden></p>`;

function textField(field: 'name' | 'email', label: string, type: string): string {
  return (
    '<div class="qb-field">' +
    `<label for="qb-${field}">${label}</label>` +
    `<input id="qb-${field}" name="${field}" type="${type}" autocomplete="${field}" required ` +
    `maxlength="${field === 'email' ? LEAD_EMAIL_MAX_LENGTH : LEAD_NAME_MAX_LENGTH}" ` +
    `aria-describedby="${fieldErrorId(field)}"${field === 'email' ? ' inputmode="email"' : ''}>` +
    errorSlot(field) +
    '</div>'
  );
}

/** The lead capture form shown after the last question, before the outcome (the progress bar full). */
export function captureScreenHtml(view: CaptureView): string {
  const paragraph = (text: string, className: string) =>
    text.trim() ? `<p class="${className}">${escapeHtml(text)}</p>` : '';
  const consent = view.useConfirmationCheckbox
    ? '<div class="qb-check">' +
      `<input id="qb-consent" name="consent" type="checkbox" required aria-describedby="${fieldErrorId('consent')}">` +
      `<label for="qb-consent">${escapeHtml(view.confirmationCheckboxText)}</label>` +
      errorSlot('consent') +
      '</div>'
    : '';
  const privacy = view.privacyPolicyUrl
    ? `<p class="qb-small"><a href="${escapeHtml(view.privacyPolicyUrl)}" target="_blank" rel="noopener noreferrer">Privacy Policy</a></p>`
    : '';
  const skip = view.skippable ? '<button type="button" class="qb-link" data-action="skip">Skip</button>' : '';
  return (
    `<section aria-labelledby="${HEADING_ID}">` +
    FULL_PROGRESS_BAR_HTML +
    `<h1 id="${HEADING_ID}" class="qb-title" tabindex="-1">${escapeHtml(view.headerText)}</h1>` +
    paragraph(view.descriptionText, 'qb-text') +
    `<form class="qb-form" novalidate ${LEAD_FORM_ATTRIBUTE}>` +
    (view.captureName ? textField('name', 'Name', 'text') : '') +
    textField('email', 'Email', 'email') +
    consent +
    privacy +
    `<div id="${SEND_ERROR_ID}" class="qb-alert" role="alert" hidden>` +
    '<p>We couldn’t send your details. Please check your connection and try again.</p>' +
    '<button type="button" class="qb-btn" data-action="retry">Retry</button>' +
    '</div>' +
    '<button type="submit" class="qb-btn">Show My Results</button>' +
    skip +
    '</form>' +
    paragraph(view.dataUsageNote, 'qb-small qb-note') +
    '</section>'
  );
}
