import type { CheckboxMapping, HtmlFormField } from '@quizbeam/contracts/htmlFormSettings';
import type { OutboundHttpClient, OutboundResponse } from '../../../outbound/guardedHttpClient';
import { OutboundError } from '../../../outbound/outboundError';
import type { LeadForDelivery } from '../leadPayload';
import type { HtmlFormDestination } from './destinations';

/** Controls a browser never sends as data on submit (the clicked submit button is added on its own). */
const UNSENT_FIELD_TYPES = new Set(['submit', 'button', 'reset', 'image', 'file']);

/** Whether a lead sends the checkbox: the marketer's choice for it, unticked when none was made. */
function sendsCheckbox(field: HtmlFormField, checkboxes: readonly CheckboxMapping[], lead: LeadForDelivery) {
  const choice =
    checkboxes.find((mapping) => mapping.name === field.name && mapping.value === field.value)?.choice ??
    'unticked';
  return choice === 'ticked' || (choice === 'consent' && lead.consent);
}

/**
 * The radio button of each group a browser would send untouched: the checked one. A group with none checked
 * sends nothing, as a browser does; forms read before checks were recorded send their first button.
 */
function defaultRadios(fields: readonly HtmlFormField[]): Set<HtmlFormField> {
  const groups = new Map<string, HtmlFormField[]>();
  for (const field of fields) {
    if (field.type.toLowerCase() !== 'radio') continue;
    groups.set(field.name, [...(groups.get(field.name) ?? []), field]);
  }
  const chosen = new Set<HtmlFormField>();
  for (const group of groups.values()) {
    const checked = group.filter((field) => field.checked === true).at(-1);
    const recorded = group.some((field) => field.checked !== undefined);
    const pick = checked ?? (recorded ? undefined : group[0]);
    if (pick) chosen.add(pick);
  }
  return chosen;
}

/**
 * What the lead itself fills: name, email, the capture form's fields the marketer mapped (texts first), then
 * the URL fields the marketer mapped (a form field the lead already fills keeps that value).
 */
function valuesFromLead(destination: HtmlFormDestination, lead: LeadForDelivery) {
  const { fieldMappings } = destination;
  const texts = new Map<string, string>();
  if (fieldMappings.name) texts.set(fieldMappings.name, lead.name ?? '');
  if (fieldMappings.email) texts.set(fieldMappings.email, lead.email);
  const ticks = new Map<string, boolean>();
  for (const mapped of lead.fields.htmlForm) {
    if (texts.has(mapped.name) || ticks.has(mapped.name)) continue;
    if (typeof mapped.value === 'boolean') ticks.set(mapped.name, mapped.value);
    else texts.set(mapped.name, mapped.value);
  }
  for (const mapped of lead.mappedUrlFields.htmlForm) {
    if (!texts.has(mapped.name) && !ticks.has(mapped.name)) texts.set(mapped.name, mapped.value);
  }
  return { texts, ticks };
}

/**
 * The name/value pairs a browser would submit: the form's fields with their values in form order, the
 * mapped name, email, capture form fields and URL fields set from the lead (once, where the form first names
 * them), then the submit button when it has a name. A radio group sends its checked button; a checkbox is sent only as the
 * marketer chose for it (left unticked by default: ticking a list or permission for the visitor is no
 * consent), and one mapped to a checkbox of the capture form is ticked exactly when the visitor ticked that
 * (sending the form's own value, as a browser would).
 */
export function htmlFormFields(destination: HtmlFormDestination, lead: LeadForDelivery): URLSearchParams {
  const { formData, fieldMappings } = destination;
  const { texts, ticks } = valuesFromLead(destination, lead);
  const radios = defaultRadios(formData.fields);
  const params = new URLSearchParams();
  for (const field of formData.fields) {
    const type = field.type.toLowerCase();
    if (field.name === '' || UNSENT_FIELD_TYPES.has(type)) continue;
    const leadValue = texts.get(field.name);
    if (leadValue !== undefined) {
      if (!params.has(field.name)) params.append(field.name, leadValue);
      continue;
    }
    const ticked = ticks.get(field.name);
    if (ticked !== undefined) {
      // A browser sends "on" for a checkbox without a value.
      if (ticked && !params.has(field.name)) params.append(field.name, field.value || 'on');
      continue;
    }
    if (type === 'radio' && !radios.has(field)) continue;
    if (type === 'checkbox' && !sendsCheckbox(field, fieldMappings.checkboxes, lead)) continue;
    params.append(field.name, field.value);
  }
  for (const [name, value] of texts) if (!params.has(name)) params.append(name, value);
  for (const [name, ticked] of ticks) if (ticked && !params.has(name)) params.append(name, 'on');
  if (formData.submit.name !== '') params.append(formData.submit.name, formData.submit.value);
  return params;
}

/**
 * Submits the lead to the form's action as a browser would: POST form-encoded, or GET with the data as
 * the query string (replacing the action's own). After a POST only 307/308 are followed: a 301/302/303
 * answers "received, see the thank-you page".
 */
export async function sendToHtmlForm(
  http: OutboundHttpClient,
  destination: HtmlFormDestination,
  lead: LeadForDelivery,
): Promise<OutboundResponse> {
  const fields = htmlFormFields(destination, lead);
  const { method, action } = destination.formData;
  const headers = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
  if (method === 'post') {
    return http.request({
      url: action,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
      redirects: 'method-preserving',
    });
  }
  let url: URL;
  try {
    url = new URL(action);
  } catch {
    throw new OutboundError('bad_url', `The form's action ${action.slice(0, 200)} is not a full address.`);
  }
  url.search = fields.toString();
  url.hash = '';
  return http.request({ url: url.href, method: 'GET', headers, redirects: 'follow' });
}
