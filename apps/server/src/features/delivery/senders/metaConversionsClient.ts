import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { OutboundHttpClient, OutboundResponse } from '../../../outbound/guardedHttpClient';
import { OutboundError } from '../../../outbound/outboundError';
import { type ClassifiedAttempt, classifyAttempt, excerpt } from './classifyAttempt';
import { parseRetryAfter } from './retryAfter';

/*
 * Meta's Conversions API: server events POSTed as JSON to `{graph}/{version}/{pixel id}/events` with the access
 * token in the body (never in the address, which logs keep). Customer data is normalised and SHA-256 hashed as
 * Meta specifies; the browser ids (fbp, fbc) and the user agent go as they are.
 */

export interface MetaGraphSettings {
  /** META_GRAPH_URL, without a trailing slash. */
  graphUrl: string;
  /** META_GRAPH_VERSION, e.g. v23.0. */
  graphVersion: string;
}

export interface MetaDataset {
  pixelId: string;
  accessToken: string;
  /** Events Manager's test event code ('' = none): the events then show under Test Events. */
  testEventCode: string;
}

export interface MetaUserData {
  em?: string[];
  ph?: string[];
  fn?: string[];
  ln?: string[];
  external_id?: string[];
  client_user_agent?: string;
  fbp?: string;
  fbc?: string;
}

export interface MetaServerEvent {
  event_name: string;
  /** Unix seconds. */
  event_time: number;
  /** The browser Pixel event's eventID, so Meta counts the two as one. */
  event_id: string;
  action_source: 'website';
  event_source_url?: string;
  user_data: MetaUserData;
  custom_data?: Record<string, string | number>;
}

/** Meta refuses a whole request holding an event older than this. */
export const META_MAX_EVENT_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const TIMEOUT_MS = 10_000;

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export const normalizedEmail = (email: string): string => email.trim().toLowerCase();

/** Digits only, without leading zeros; a number carries its country code (leads keep phones in E.164). */
export function normalizedPhone(phone: string): string | null {
  const digits = phone.replace(/[^0-9]/g, '').replace(/^0+/, '');
  return digits.length >= 7 && digits.length <= 15 ? digits : null;
}

/** Lower case without punctuation, spaces or digits; letters of every script kept. */
export const normalizedNamePart = (text: string): string =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}]/gu, '');

/** The customer identifiers Meta matches on, hashed: em, ph (with a phone), fn and ln (with a name), external_id. */
export function hashedCustomerData(customer: {
  email: string;
  phone: string | null;
  name: string | null;
  externalId: string;
}): Pick<MetaUserData, 'em' | 'ph' | 'fn' | 'ln' | 'external_id'> {
  const data: Pick<MetaUserData, 'em' | 'ph' | 'fn' | 'ln' | 'external_id'> = {
    em: [sha256Hex(normalizedEmail(customer.email))],
    external_id: [sha256Hex(customer.externalId.trim().toLowerCase())],
  };
  const phone = customer.phone === null ? null : normalizedPhone(customer.phone);
  if (phone) data.ph = [sha256Hex(phone)];
  // First and last word: a middle name is neither Meta's fn nor its ln.
  const [first = '', ...rest] = (customer.name ?? '').trim().split(/\s+/);
  const firstName = normalizedNamePart(first);
  const lastName = normalizedNamePart(rest.at(-1) ?? '');
  if (firstName) data.fn = [sha256Hex(firstName)];
  if (lastName) data.ln = [sha256Hex(lastName)];
  return data;
}

export interface MetaSendResult {
  attempt: ClassifiedAttempt;
  /** What Meta's 2xx answer says it took; null without one. */
  eventsReceived: number | null;
}

const metaSuccessSchema = z.object({
  events_received: z.number().int().optional(),
  messages: z.array(z.unknown()).optional(),
});

const metaErrorSchema = z.object({
  error: z.object({
    message: z.string().catch(''),
    code: z.number().int().optional().catch(undefined),
    error_subcode: z.number().int().optional().catch(undefined),
    error_user_title: z.string().optional().catch(undefined),
    error_user_msg: z.string().optional().catch(undefined),
    is_transient: z.boolean().optional().catch(undefined),
  }),
});
type MetaError = z.infer<typeof metaErrorSchema>['error'];

const TOKEN_CODES = new Set([190, 102]);
const THROTTLED_OR_TRANSIENT_CODES = new Set([1, 2, 4, 17, 80003]);
const isPermissionCode = (code: number) => code === 3 || code === 10 || (code >= 200 && code <= 299);

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** How Meta's error reads in the Leads tab: its code (and subcode) with the most telling text it gave. */
function describe(error: MetaError): { label: string; text: string } {
  const label = `code ${error.code}${error.error_subcode === undefined ? '' : `, subcode ${error.error_subcode}`}`;
  const userText = [error.error_user_title, error.error_user_msg].filter(Boolean).join(': ');
  return { label, text: userText || error.message || 'no message' };
}

/** What Meta's error means for the delivery: fix the token or settings (permanent), or try again. */
function classifyMetaError(error: MetaError): { outcome: 'retry' | 'permanent'; message: string } | null {
  const code = error.code;
  if (code === undefined) return null;
  const { label, text } = describe(error);
  if (TOKEN_CODES.has(code))
    return { outcome: 'permanent', message: `Meta refused the access token (${label}): ${text}` };
  if (error.is_transient || THROTTLED_OR_TRANSIENT_CODES.has(code))
    return { outcome: 'retry', message: `Meta asked to try again later (${label}): ${text}` };
  if (code === 100 && error.error_subcode === 33)
    return {
      outcome: 'permanent',
      message: `Meta does not know this pixel ID, or the token may not send to it (${label}): ${text}`,
    };
  if (code === 100) return { outcome: 'permanent', message: `Meta refused the event (${label}): ${text}` };
  if (isPermissionCode(code))
    return {
      outcome: 'permanent',
      message: `Meta refused the request for lack of a permission (${label}): ${text}`,
    };
  return null;
}

/** Meta's answer as one attempt: 2xx delivered; its error codes decide between a retry and a permanent failure. */
export function classifyMetaAnswer(response: OutboundResponse, now: number): MetaSendResult {
  const base = classifyAttempt(response, { redirectMeansDelivered: false, now });
  if (response.truncated) return { attempt: base, eventsReceived: null };
  const body = readJson(response.bodyText);
  if (base.outcome === 'delivered') {
    const success = metaSuccessSchema.safeParse(body);
    return { attempt: base, eventsReceived: success.success ? (success.data.events_received ?? null) : null };
  }
  const parsed = metaErrorSchema.safeParse(body);
  const meaning = parsed.success ? classifyMetaError(parsed.data.error) : null;
  if (!meaning) {
    const detail = parsed.success ? `: ${describe(parsed.data.error).text}` : '';
    return {
      attempt: { ...base, error: excerpt(`Meta answered HTTP ${response.status}${detail}`) },
      eventsReceived: null,
    };
  }
  return {
    attempt: {
      ...base,
      outcome: meaning.outcome,
      error: excerpt(meaning.message),
      retryAfterMs:
        meaning.outcome === 'retry' ? parseRetryAfter(response.headers['retry-after'], now) : null,
    },
    eventsReceived: null,
  };
}

export const metaEventsUrl = (settings: MetaGraphSettings, pixelId: string): string =>
  `${settings.graphUrl}/${settings.graphVersion}/${encodeURIComponent(pixelId)}/events`;

/** Sends the events in one request (at most 1,000, as Meta takes); never throws for what the network does. */
export async function sendMetaEvents(
  http: OutboundHttpClient,
  settings: MetaGraphSettings,
  dataset: MetaDataset,
  events: MetaServerEvent[],
  now: Date,
): Promise<MetaSendResult> {
  const body = {
    data: events,
    access_token: dataset.accessToken,
    ...(dataset.testEventCode ? { test_event_code: dataset.testEventCode } : {}),
  };
  try {
    const response = await http.request({
      url: metaEventsUrl(settings, dataset.pixelId),
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      timeoutMs: TIMEOUT_MS,
      redirects: 'method-preserving',
    });
    return classifyMetaAnswer(response, now.getTime());
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    return { attempt: classifyAttempt(error, { redirectMeansDelivered: false }), eventsReceived: null };
  }
}
