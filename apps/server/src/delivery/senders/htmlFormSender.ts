import type { OutboundHttpClient, OutboundResponse } from '../../outbound/guardedHttpClient';
import { OutboundError } from '../../outbound/outboundError';
import type { LeadForDelivery } from '../leadPayload';
import type { HtmlFormDestination } from './destinations';

/** Controls a browser never sends as data on submit (the clicked submit button is added on its own). */
const UNSENT_FIELD_TYPES = new Set(['submit', 'button', 'reset', 'image', 'file']);

/**
 * The name/value pairs a browser would submit: the form's fields with their values in form order, the
 * mapped name and email fields set from the lead (once, where the form first names them), then the submit
 * button when it has a name. A radio group sends its first value only, as a browser sends the chosen one;
 * a checkbox is sent as if ticked (the quiz's own confirmation box is where the visitor consents).
 */
export function htmlFormFields(destination: HtmlFormDestination, lead: LeadForDelivery): URLSearchParams {
  const { formData, fieldMappings } = destination;
  const fromLead = new Map<string, string>();
  if (fieldMappings.name) fromLead.set(fieldMappings.name, lead.name ?? '');
  if (fieldMappings.email) fromLead.set(fieldMappings.email, lead.email);
  const params = new URLSearchParams();
  const sentRadioGroups = new Set<string>();
  for (const field of formData.fields) {
    const type = field.type.toLowerCase();
    if (field.name === '' || UNSENT_FIELD_TYPES.has(type)) continue;
    const leadValue = fromLead.get(field.name);
    if (leadValue !== undefined) {
      if (!params.has(field.name)) params.append(field.name, leadValue);
      continue;
    }
    if (type === 'radio') {
      if (sentRadioGroups.has(field.name)) continue;
      sentRadioGroups.add(field.name);
    }
    params.append(field.name, field.value);
  }
  for (const [name, value] of fromLead) if (!params.has(name)) params.append(name, value);
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
