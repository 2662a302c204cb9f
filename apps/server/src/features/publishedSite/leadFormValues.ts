import {
  LEAD_FIELD_VALUE_MAX_LENGTH,
  type LeadFieldValues,
  type LeadFormField,
  type StoredLeadField,
  type StoredLeadFields,
} from '@quizbeam/contracts/leadFormFields';
import { isWebAddress, normalizeWebAddress } from '@quizbeam/contracts/webAddress';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { AppError } from '../../shared/appError';

export const LEAD_FIELD_MESSAGES = {
  phoneInvalid: 'Please enter a valid phone number.',
  phoneCountryCode: 'Please enter the phone number with its country code, e.g. +1 555 123 4567.',
  websiteInvalid: 'Please enter a valid web address, such as https://example.com.',
  choiceUnknown: 'Please choose one of the options.',
  unreadable: 'This field’s value could not be read.',
  tooLong: `Please keep this to ${LEAD_FIELD_VALUE_MAX_LENGTH} characters or fewer.`,
  controlCharacters: 'Please remove the special characters from this field.',
} as const;

export const unknownFieldMessage = (fieldId: string) => `This form has no field “${fieldId}”.`;

export const requiredFieldMessage = (field: Pick<LeadFormField, 'kind' | 'label'>) =>
  field.kind === 'checkbox'
    ? `Please tick “${field.label}” to continue.`
    : `Please fill in “${field.label}”.`;

/**
 * A refusal naming the field: `field` is its path in the lead body (`fields.f3`); the text starts with the
 * field's label unless it names the field already (label null).
 */
function fieldError(fieldId: string, label: string | null, problem: string): AppError {
  const message = label === null ? problem : `${label}: ${problem}`;
  return new AppError('validation_failed', message, {}, { field: `fields.${fieldId}` });
}

// Digits and the separators people type between them; letters ("ext.", "call me") are refused.
const PHONE_CHARACTERS = /^\+?[0-9\s().\-/]+$/;

/** E.164, or the reason it is not a number: without a country code there is no telling which country. */
function phoneNumber(text: string): { value: string } | { problem: string } {
  // 00 is the international call prefix almost everywhere: "0044 20…" is "+44 20…".
  const international = text.replace(/^00(?=[1-9])/, '+');
  if (!PHONE_CHARACTERS.test(international)) return { problem: LEAD_FIELD_MESSAGES.phoneInvalid };
  if (!international.startsWith('+')) return { problem: LEAD_FIELD_MESSAGES.phoneCountryCode };
  const parsed = parsePhoneNumberFromString(international);
  return parsed?.isValid() ? { value: parsed.number } : { problem: LEAD_FIELD_MESSAGES.phoneInvalid };
}

function website(text: string): { value: string } | { problem: string } {
  const address = /\s/.test(text) ? null : normalizeWebAddress(text);
  if (address === null || !isWebAddress(address)) return { problem: LEAD_FIELD_MESSAGES.websiteInvalid };
  return address.length > LEAD_FIELD_VALUE_MAX_LENGTH
    ? { problem: LEAD_FIELD_MESSAGES.tooLong }
    : { value: address };
}

/** A text as stored: line breaks and tabs (from a paste) become spaces, other control characters refused. */
function cleanText(text: string): { value: string } | { problem: string } {
  const spaced = text.replace(/[\t\n\v\f\r\u0085]+/g, ' ').trim();
  if (/\p{Cc}/u.test(spaced)) return { problem: LEAD_FIELD_MESSAGES.controlCharacters };
  return spaced.length > LEAD_FIELD_VALUE_MAX_LENGTH
    ? { problem: LEAD_FIELD_MESSAGES.tooLong }
    : { value: spaced };
}

function textValue(field: LeadFormField, text: string): { value: string } | { problem: string } {
  switch (field.kind) {
    case 'phone':
      return phoneNumber(text);
    case 'website':
      return website(text);
    case 'choice':
      return field.choices?.some((choice) => choice.trim() === text)
        ? { value: text }
        : { problem: LEAD_FIELD_MESSAGES.choiceUnknown };
    default:
      return { value: text };
  }
}

/** The field's stored value, or null when the visitor left an optional one empty. Throws naming the field. */
function checkedValue(field: LeadFormField, sent: string | boolean | undefined): string | boolean | null {
  const label = field.label.trim();
  if (field.kind === 'checkbox') {
    if (typeof sent === 'string') throw fieldError(field.id, label, LEAD_FIELD_MESSAGES.unreadable);
    if (field.required && sent !== true) throw fieldError(field.id, null, requiredFieldMessage(field));
    return sent === true;
  }
  if (typeof sent === 'boolean') throw fieldError(field.id, label, LEAD_FIELD_MESSAGES.unreadable);
  const cleaned = cleanText(sent ?? '');
  if ('problem' in cleaned) throw fieldError(field.id, label, cleaned.problem);
  if (cleaned.value === '') {
    if (field.required) throw fieldError(field.id, null, requiredFieldMessage(field));
    return null;
  }
  const checked = textValue(field, cleaned.value);
  if ('problem' in checked) throw fieldError(field.id, label, checked.problem);
  return checked.value;
}

/**
 * The visitor's values for the capture form's own fields, checked against the published fields and made
 * ready to store (`leads.fields`): by field id, with the field's key, label and kind as they are now. A phone
 * becomes E.164, a website gets https:// when typed without a scheme, a text is trimmed; a checkbox is always
 * kept (true or false), an optional field left empty is left out. Any problem throws a `validation_failed`
 * AppError whose `field` detail is the value's path (`fields.f3`) and whose text names the field's label.
 */
export function checkLeadFormValues(
  fields: readonly LeadFormField[],
  values: LeadFieldValues | undefined,
): StoredLeadFields {
  const sent = values ?? {};
  const known = new Set(fields.map((field) => field.id));
  const unknownId = Object.keys(sent).find((id) => !known.has(id));
  if (unknownId !== undefined) throw fieldError(unknownId, null, unknownFieldMessage(unknownId));
  const stored: StoredLeadFields = {};
  for (const field of fields) {
    const value = checkedValue(field, sent[field.id]);
    if (value === null) continue;
    const entry: StoredLeadField = { key: field.key, label: field.label.trim(), kind: field.kind, value };
    stored[field.id] = entry;
  }
  return stored;
}

/**
 * The stored values in the form's order (`fields`, the snapshot's list; values of fields it no longer has
 * follow), since a jsonb object does not keep the order its keys were written in.
 */
export function orderedLeadFieldValues(
  stored: StoredLeadFields,
  fields: readonly Pick<LeadFormField, 'id'>[],
): (StoredLeadField & { id: string })[] {
  const ids = [...new Set([...fields.map((field) => field.id), ...Object.keys(stored)])];
  return ids.flatMap((id) => {
    const value = stored[id];
    return value ? [{ id, ...value }] : [];
  });
}

/** Webhook and Zapier payloads: each value under the field's key, in the form's order. */
export function leadFieldValuesByKey(
  stored: StoredLeadFields,
  fields: readonly Pick<LeadFormField, 'id'>[],
): Record<string, string | boolean> {
  return Object.fromEntries(orderedLeadFieldValues(stored, fields).map((entry) => [entry.key, entry.value]));
}

/**
 * What an email service (`serviceField`) or the pasted HTML form (`htmlFormField`) gets: the destination's
 * field name and the value, for each field the marketer mapped there and the visitor filled in.
 */
export function mappedLeadFieldValues(
  stored: StoredLeadFields,
  fields: readonly LeadFormField[],
  mapping: 'serviceField' | 'htmlFormField',
): { name: string; value: string | boolean; kind: StoredLeadField['kind'] }[] {
  return fields.flatMap((field) => {
    const name = field[mapping]?.trim();
    const value = stored[field.id];
    return name && value ? [{ name, value: value.value, kind: value.kind }] : [];
  });
}
