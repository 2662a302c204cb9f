import { LEAD_EMAIL_MAX_LENGTH, LEAD_NAME_MAX_LENGTH } from '@quizbeam/contracts/leadFields';
import type { PublishedLeadField } from '../playerData';
import { text } from '../visitorText';
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
  /** After name and email, in the marketer's order. */
  fields: PublishedLeadField[];
  /** Shown before or amid the questions: the quiz goes on after it rather than to the results. */
  continuesQuiz?: boolean;
  canGoBack?: boolean;
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

// The server's limit for a field's value (LEAD_FIELD_VALUE_MAX_LENGTH, whose module brings zod along).
export const LEAD_FIELD_MAX_LENGTH = 500;

/** How each kind of field is typed in: the keyboard and what the browser may fill in for the visitor. */
const INPUT_ATTRIBUTES: Record<string, string> = {
  phone: 'type="tel" autocomplete="tel"',
  company: 'type="text" autocomplete="organization"',
  website: 'type="url" autocomplete="url"',
  text: 'type="text"',
};

/** One of the marketer's fields: named by its id, labelled, its error tied to it. */
function leadFieldHtml(field: PublishedLeadField): string {
  const id = `qb-${field.id}`;
  const common = `id="${id}" name="${field.id}"${field.required ? ' required' : ''} aria-describedby="${fieldErrorId(field.id)}"`;
  const label = `<label for="${id}">${escapeHtml(field.label)}${field.required ? ` <span class="qb-req">${escapeHtml(text('required'))}</span>` : ''}</label>`;
  if (field.kind === 'checkbox')
    return `<div class="qb-check"><input ${common} type="checkbox">${label}${errorSlot(field.id)}</div>`;
  const control =
    field.kind === 'choice'
      ? `<select ${common}><option value="">${escapeHtml(text('chooseOption'))}</option>${(
          field.choices ?? []
        )
          .map((choice) => `<option>${escapeHtml(choice)}</option>`)
          .join('')}</select>`
      : `<input ${common} ${INPUT_ATTRIBUTES[field.kind]} maxlength="${LEAD_FIELD_MAX_LENGTH}">`;
  return `<div class="qb-field">${label}${control}${errorSlot(field.id)}</div>`;
}

function textField(field: 'name' | 'email', type: string): string {
  return (
    '<div class="qb-field">' +
    `<label for="qb-${field}">${escapeHtml(text(field))}</label>` +
    `<input id="qb-${field}" name="${field}" type="${type}" autocomplete="${field}" required ` +
    `maxlength="${field === 'email' ? LEAD_EMAIL_MAX_LENGTH : LEAD_NAME_MAX_LENGTH}" ` +
    `aria-describedby="${fieldErrorId(field)}"${field === 'email' ? ' inputmode="email"' : ''}>` +
    errorSlot(field) +
    '</div>'
  );
}

/**
 * The lead capture form: after the last question, before the outcome (the progress bar full), or before or
 * amid the questions (no bar; the quiz goes on after it).
 */
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
    ? `<p class="qb-small"><a href="${escapeHtml(view.privacyPolicyUrl)}" target="_blank" rel="noopener noreferrer">${escapeHtml(text('privacyPolicy'))}</a></p>`
    : '';
  const skip = view.skippable
    ? `<button type="button" class="qb-link" data-action="skip">${escapeHtml(text('skip'))}</button>`
    : '';
  const back = view.canGoBack
    ? `<button type="button" class="qb-link" data-action="back">${escapeHtml(text('back'))}</button> `
    : '';
  return (
    `<section aria-labelledby="${HEADING_ID}">` +
    (view.continuesQuiz ? '' : FULL_PROGRESS_BAR_HTML) +
    `<h1 id="${HEADING_ID}" class="qb-title" tabindex="-1">${escapeHtml(view.headerText)}</h1>` +
    paragraph(view.descriptionText, 'qb-text') +
    `<form class="qb-form" novalidate ${LEAD_FORM_ATTRIBUTE}>` +
    (view.captureName ? textField('name', 'text') : '') +
    textField('email', 'email') +
    view.fields.map(leadFieldHtml).join('') +
    consent +
    privacy +
    `<div id="${SEND_ERROR_ID}" class="qb-alert" role="alert" hidden>` +
    `<p>${escapeHtml(text('sendFailed'))}</p>` +
    `<button type="button" class="qb-btn" data-action="retry">${escapeHtml(text('retry'))}</button>` +
    '</div>' +
    `<button type="submit" class="qb-btn">${escapeHtml(text(view.continuesQuiz ? 'continue' : 'showResults'))}</button>` +
    back +
    skip +
    '</form>' +
    paragraph(view.dataUsageNote, 'qb-small qb-note') +
    '</section>'
  );
}
