import { randomBytes } from 'node:crypto';
import {
  asRecord,
  type FakeOptions,
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from './fakeHttp';

/*
 * A local fake of Meta's Conversions API (`POST /{version}/{pixel id}/events`) that checks what it is sent as
 * Meta documents it: a JSON body or form fields (`data` then a JSON string), the access token in the body or
 * the query, a known pixel, required event fields, hashed em/ph, events at most 7 days old, at most 1,000 per
 * request; one bad event refuses the whole request. It answers Meta's shapes (`events_received`, or an
 * `error` with code and subcode) and keeps the events it took with their test event code.
 * Test support and `npm run fakes`; never part of the server's build.
 */

export const FAKE_META_PIXEL_ID = '123456789012345';
export const FAKE_META_ACCESS_TOKEN = 'EAAFakeQuizbeamToken0123456789';

export interface FakeMetaOptions extends FakeOptions {
  port?: number;
  /** The pixels (datasets) that exist; others are refused (code 100, subcode 33). */
  pixelIds?: string[];
  /** The tokens that work; any other is refused (code 190). */
  accessTokens?: string[];
  /**
   * Whether a `website` event without client_user_agent or event_source_url is refused. Meta's parameter page
   * says website events must carry them; whether the API refuses or only warns is [UNCONFIRMED].
   */
  websiteEventsNeedBrowserFields?: boolean;
  /** The HTTP status of a refused token (code 190): 400 unless a test asks for another ([UNCONFIRMED]). */
  tokenErrorStatus?: number;
  /** The fake's clock (ms), for the 7-day limit. */
  now?: () => number;
}

export interface ReceivedMetaEvent {
  pixelId: string;
  /** The request's test_event_code, or null when it had none. */
  testEventCode: string | null;
  event: Record<string, unknown>;
}

export interface FakeMetaConversions {
  server: FakeServer;
  /** META_GRAPH_URL and META_GRAPH_VERSION pointing at this fake. */
  env: Record<string, string>;
  events(): ReceivedMetaEvent[];
  /** Every token stops working (code 190, subcode 460), as when the system user's token is revoked. */
  revokeTokens(): void;
  close(): Promise<void>;
}

const ACTION_SOURCES = new Set([
  'website',
  'email',
  'app',
  'phone_call',
  'chat',
  'physical_store',
  'system_generated',
  'business_messaging',
  'other',
]);
const HASHED_KEYS = ['em', 'ph', 'fn', 'ln', 'external_id', 'db', 'ge', 'ct', 'st', 'zp', 'country'] as const;
const IDENTIFYING_KEYS = [...HASHED_KEYS, 'client_ip_address', 'client_user_agent', 'fbc', 'fbp', 'lead_id'];
const SEVEN_DAYS_S = 7 * 24 * 60 * 60;
const MAX_EVENTS = 1000;

const traceId = () => randomBytes(9).toString('base64url');

interface MetaErrorFields {
  type?: string;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  /** The HTTP status; which status goes with which code is [UNCONFIRMED], 400 as RudderStack's mocks have it. */
  status?: number;
}

function metaError(
  code: number,
  message: string,
  { status = 400, ...extra }: MetaErrorFields = {},
): FakeResponse {
  return {
    status,
    body: { error: { message, type: extra.type ?? 'OAuthException', code, ...extra, fbtrace_id: traceId() } },
  };
}

/** A refused parameter; Meta's subcodes for most of them are [UNCONFIRMED], so none is given. */
const invalidParameter = (detail: string) =>
  metaError(100, '(#100) Invalid parameter', {
    error_user_title: 'Invalid parameter',
    error_user_msg: detail,
  });

/** The body's fields as Meta reads them: JSON as sent; form fields with `data` given as a JSON string. */
function requestFields(request: FakeRequest): Record<string, unknown> {
  const body = asRecord(request.body);
  if (typeof body.data !== 'string') return body;
  try {
    return { ...body, data: JSON.parse(body.data) };
  } catch {
    return { ...body, data: undefined };
  }
}

const hashed = (value: unknown) => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);

/** What is wrong with one event, as Meta's error_user_msg would say; null when it would take it. */
function eventProblem(
  event: unknown,
  index: number,
  options: FakeMetaOptions,
  nowSeconds: number,
): FakeResponse | null {
  const record = asRecord(event);
  const at = `data[${index}]`;
  if (typeof record.event_name !== 'string' || record.event_name === '')
    return invalidParameter(`${at}: event_name is required.`);
  if (typeof record.event_time !== 'number' || !Number.isInteger(record.event_time))
    return invalidParameter(`${at}: event_time must be a Unix time in seconds.`);
  if (nowSeconds - record.event_time > SEVEN_DAYS_S)
    return metaError(100, '(#100) Invalid parameter', {
      error_subcode: 2804003,
      error_user_title: 'Event Timestamp Too Old',
      error_user_msg: `${at}: The timestamp for this event is more than 7 days in the past.`,
    });
  if (typeof record.action_source !== 'string' || !ACTION_SOURCES.has(record.action_source))
    return invalidParameter(`${at}: action_source must be one of ${[...ACTION_SOURCES].join(', ')}.`);
  const userData = asRecord(record.user_data);
  if (!IDENTIFYING_KEYS.some((key) => userData[key] !== undefined))
    return invalidParameter(`${at}: user_data needs at least one customer information parameter.`);
  for (const key of HASHED_KEYS) {
    const value = userData[key];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    if (values.length === 0 || !values.every(hashed))
      return invalidParameter(
        `${at}: user_data.${key} must be SHA-256 hashed (64 lowercase hex characters).`,
      );
  }
  if (record.action_source === 'website' && (options.websiteEventsNeedBrowserFields ?? true)) {
    if (typeof userData.client_user_agent !== 'string' || userData.client_user_agent === '')
      return invalidParameter(`${at}: website events need user_data.client_user_agent.`);
    if (typeof record.event_source_url !== 'string' || !URL.canParse(record.event_source_url))
      return invalidParameter(`${at}: website events need event_source_url.`);
  }
  const customData = record.custom_data;
  if (
    customData !== undefined &&
    (typeof customData !== 'object' || customData === null || Array.isArray(customData))
  )
    return invalidParameter(`${at}: custom_data must be an object.`);
  return null;
}

export async function startFakeMetaConversions(options: FakeMetaOptions = {}): Promise<FakeMetaConversions> {
  const pixelIds = new Set(options.pixelIds ?? [FAKE_META_PIXEL_ID]);
  const accessTokens = new Set(options.accessTokens ?? [FAKE_META_ACCESS_TOKEN]);
  const now = options.now ?? Date.now;
  const received: ReceivedMetaEvent[] = [];
  const tokenStatus = options.tokenErrorStatus ?? 400;
  let revoked = false;

  const server = await startFakeServer(
    (request) => {
      const match = /^\/(v[0-9]+\.[0-9])\/([^/]+)\/events$/.exec(request.path);
      if (!match) return metaError(100, 'Unknown path components', { type: 'OAuthException' });
      const pixelId = decodeURIComponent(match[2] ?? '');
      const fields = requestFields(request);
      const token = fields.access_token ?? request.query.get('access_token');
      if (typeof token !== 'string' || !accessTokens.has(token))
        return metaError(190, 'Invalid OAuth access token - Cannot parse access token', {
          status: tokenStatus,
        });
      if (revoked)
        return metaError(190, 'Error validating access token: The session has been invalidated.', {
          error_subcode: 460,
          status: tokenStatus,
        });
      if (request.method !== 'POST' || !pixelIds.has(pixelId))
        return metaError(
          100,
          `Unsupported ${request.method.toLowerCase()} request. Object with ID '${pixelId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          { type: 'GraphMethodException', error_subcode: 33 },
        );
      const data = fields.data;
      if (!Array.isArray(data) || data.length === 0)
        return metaError(100, '(#100) The parameter data is required and must be a non-empty array');
      if (data.length > MAX_EVENTS)
        return invalidParameter(
          `A request carries at most ${MAX_EVENTS} events; this one had ${data.length}.`,
        );
      const nowSeconds = Math.floor(now() / 1000);
      for (const [index, event] of data.entries()) {
        const problem = eventProblem(event, index, options, nowSeconds);
        if (problem) return problem;
      }
      const testEventCode = typeof fields.test_event_code === 'string' ? fields.test_event_code : null;
      for (const event of data) received.push({ pixelId, testEventCode, event: asRecord(event) });
      return { status: 200, body: { events_received: data.length, messages: [], fbtrace_id: traceId() } };
    },
    { ...options, rateLimited: () => metaError(17, '(#17) User request limit reached') },
  );

  return {
    server,
    env: { META_GRAPH_URL: server.url, META_GRAPH_VERSION: 'v23.0' },
    events: () => [...received],
    revokeTokens() {
      revoked = true;
    },
    close: () => server.close(),
  };
}
