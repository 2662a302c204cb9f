import { type Ga4ValidationMessage, ga4ValidationMessageSchema } from '@quizbeam/contracts/conversionApis';
import { z } from 'zod';
import type { OutboundHttpClient, OutboundResponse } from '../../../outbound/guardedHttpClient';
import { OutboundError } from '../../../outbound/outboundError';
import { type ClassifiedAttempt, classifyAttempt, excerpt } from './classifyAttempt';

/*
 * GA4's Measurement Protocol: events POSTed as JSON to `/mp/collect?measurement_id=…&api_secret=…`. Google
 * answers 2xx even when it drops a malformed event, so the payload is checked against the documented limits
 * before it leaves; `/debug/mp/collect` answers what it would refuse (Send Test Event uses it).
 */

export interface Ga4Stream {
  measurementId: string;
  apiSecret: string;
}

export type Ga4ParamValue = string | number;
export interface Ga4Event {
  name: string;
  params: Record<string, Ga4ParamValue>;
}

export type Ga4ConsentValue = 'GRANTED' | 'DENIED';
export interface Ga4Payload {
  client_id: string;
  timestamp_micros?: number;
  consent?: { ad_user_data: Ga4ConsentValue; ad_personalization: Ga4ConsentValue };
  events: Ga4Event[];
}

export const GA4_LIMITS = {
  eventsPerRequest: 25,
  paramsPerEvent: 25,
  nameLength: 40,
  valueLength: 100,
  bodyBytes: 130_000,
  /** How far back timestamp_micros may reach. */
  maxAgeMs: 72 * 60 * 60 * 1000,
} as const;
/** Parameters Google lets carry longer values. */
const LONGER_VALUES: Record<string, number> = { page_title: 300, page_referrer: 420, page_location: 1000 };
const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
const RESERVED_PREFIXES = ['_', 'firebase_', 'ga_', 'google_', 'gtag.'];
const RESERVED_EVENT_NAMES = new Set([
  'ad_activeview',
  'ad_click',
  'ad_exposure',
  'ad_impression',
  'ad_query',
  'adunit_exposure',
  'app_clear_data',
  'app_install',
  'app_update',
  'app_remove',
  'error',
  'first_open',
  'first_visit',
  'in_app_purchase',
  'notification_dismiss',
  'notification_foreground',
  'notification_open',
  'notification_receive',
  'os_update',
  'screen_view',
  'session_start',
  'user_engagement',
]);
const TIMEOUT_MS = 10_000;

function nameProblem(kind: 'event' | 'parameter', name: string): string | null {
  if (name.length === 0 || name.length > GA4_LIMITS.nameLength)
    return `The ${kind} name "${name}" must have 1 to ${GA4_LIMITS.nameLength} characters.`;
  if (!NAME_PATTERN.test(name))
    return `The ${kind} name "${name}" must start with a letter and hold only letters, digits and underscores.`;
  if (RESERVED_PREFIXES.some((prefix) => name.startsWith(prefix)))
    return `The ${kind} name "${name}" starts with a prefix Google reserves.`;
  if (kind === 'event' && RESERVED_EVENT_NAMES.has(name))
    return `"${name}" is an event name Google reserves.`;
  return null;
}

/** What GA4 would drop silently in this payload, each as a sentence; empty when it keeps to the limits. */
export function ga4PayloadProblems(payload: Ga4Payload, now: number): string[] {
  const problems: string[] = [];
  if (payload.client_id.trim() === '') problems.push('The event has no client id.');
  if (payload.events.length === 0 || payload.events.length > GA4_LIMITS.eventsPerRequest)
    problems.push(`A request carries 1 to ${GA4_LIMITS.eventsPerRequest} events.`);
  if (payload.timestamp_micros !== undefined) {
    const at = payload.timestamp_micros / 1000;
    if (at > now + 60_000 || now - at > GA4_LIMITS.maxAgeMs)
      problems.push('The event time must be within the last 72 hours.');
  }
  for (const event of payload.events) {
    const eventProblem = nameProblem('event', event.name);
    if (eventProblem) problems.push(eventProblem);
    const params = Object.entries(event.params);
    if (params.length > GA4_LIMITS.paramsPerEvent)
      problems.push(
        `The event "${event.name}" has ${params.length} parameters; GA4 keeps ${GA4_LIMITS.paramsPerEvent}.`,
      );
    for (const [name, value] of params) {
      const paramProblem = nameProblem('parameter', name);
      if (paramProblem) problems.push(paramProblem);
      const maxLength = LONGER_VALUES[name] ?? GA4_LIMITS.valueLength;
      if (typeof value === 'string' && value.length > maxLength)
        problems.push(`The parameter "${name}" is longer than ${maxLength} characters.`);
      if (typeof value === 'number' && !Number.isFinite(value))
        problems.push(`The parameter "${name}" is not a number GA4 can store.`);
    }
  }
  if (Buffer.byteLength(JSON.stringify(payload)) >= GA4_LIMITS.bodyBytes)
    problems.push('The request is larger than the 130 kB GA4 takes.');
  return problems;
}

type Ga4Path = '/mp/collect' | '/debug/mp/collect';

/** The API secret travels in the address (as GA4 asks); it is kept out of every text the Leads tab shows. */
async function post(
  http: OutboundHttpClient,
  baseUrl: string,
  path: Ga4Path,
  stream: Ga4Stream,
  payload: Ga4Payload,
): Promise<OutboundResponse | OutboundError> {
  const query = new URLSearchParams({ measurement_id: stream.measurementId, api_secret: stream.apiSecret });
  try {
    return await http.request({
      url: `${baseUrl}${path}?${query}`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      timeoutMs: TIMEOUT_MS,
      redirects: 'method-preserving',
    });
  } catch (error) {
    if (error instanceof OutboundError) return error;
    throw error;
  }
}

const withoutSecret = (attempt: ClassifiedAttempt, secret: string): ClassifiedAttempt => ({
  ...attempt,
  error: attempt.error === null ? null : attempt.error.replaceAll(secret, '[API secret]'),
  responseExcerpt:
    attempt.responseExcerpt === null ? null : attempt.responseExcerpt.replaceAll(secret, '[API secret]'),
});

/** Sends the payload to `/mp/collect`: any 2xx is delivered (it is all GA4 says), 5xx and network errors retry. */
export async function sendGa4Payload(
  http: OutboundHttpClient,
  baseUrl: string,
  stream: Ga4Stream,
  payload: Ga4Payload,
  now: Date,
): Promise<ClassifiedAttempt> {
  const answer = await post(http, baseUrl, '/mp/collect', stream, payload);
  const attempt = classifyAttempt(answer, { redirectMeansDelivered: false, now: now.getTime() });
  return withoutSecret(attempt, stream.apiSecret);
}

const validationAnswerSchema = z.object({ validationMessages: z.array(ga4ValidationMessageSchema) });

export interface Ga4ValidationResult {
  attempt: ClassifiedAttempt;
  /** What the validation server found wrong; null when it gave no readable answer. */
  validationMessages: Ga4ValidationMessage[] | null;
}

/** Asks `/debug/mp/collect` what it would refuse in the payload (it checks the event's shape, not the secret). */
export async function validateGa4Payload(
  http: OutboundHttpClient,
  baseUrl: string,
  stream: Ga4Stream,
  payload: Ga4Payload,
  now: Date,
): Promise<Ga4ValidationResult> {
  const answer = await post(http, baseUrl, '/debug/mp/collect', stream, payload);
  const attempt = withoutSecret(
    classifyAttempt(answer, { redirectMeansDelivered: false, now: now.getTime() }),
    stream.apiSecret,
  );
  if (answer instanceof OutboundError || attempt.outcome !== 'delivered')
    return { attempt, validationMessages: null };
  let body: unknown;
  try {
    body = JSON.parse(answer.bodyText);
  } catch {
    body = undefined;
  }
  const parsed = validationAnswerSchema.safeParse(body);
  if (!parsed.success) {
    const error = excerpt(`Google's validation server gave no validation messages (HTTP ${answer.status}).`);
    return { attempt: { ...attempt, outcome: 'permanent', error }, validationMessages: null };
  }
  return { attempt, validationMessages: parsed.data.validationMessages };
}
