import { asRecord, type FakeOptions, type FakeServer, startFakeServer } from './fakeHttp';

/*
 * A local fake of GA4's Measurement Protocol. `/mp/collect` answers 204 whatever it is sent, as Google does,
 * and keeps only the hits it would count: a known measurement ID with its API secret (an unknown secret is
 * dropped silently, [UNCONFIRMED]) and a payload without validation messages. `/debug/mp/collect` answers
 * `{ validationMessages }` for bad names, reserved names and exceeded limits, checks no secret and keeps
 * nothing ([UNCONFIRMED], as the reference says).
 * Test support and `npm run fakes`; never part of the server's build.
 */

export const FAKE_GA4_MEASUREMENT_ID = 'G-FAKE12345';
export const FAKE_GA4_API_SECRET = 'fakeGa4ApiSecret_0123';

export interface FakeGa4Options extends FakeOptions {
  port?: number;
  /** The streams that exist and their API secrets. */
  streams?: { measurementId: string; apiSecret: string }[];
  /** The fake's clock (ms), for the 72-hour limit of timestamp_micros. */
  now?: () => number;
}

export interface FakeGa4ValidationMessage {
  fieldPath: string;
  description: string;
  validationCode: string;
}

export interface ReceivedGa4Hit {
  measurementId: string;
  payload: Record<string, unknown>;
}

export interface FakeGa4 {
  server: FakeServer;
  /** GA4_MP_URL pointing at this fake. */
  env: Record<string, string>;
  /** The hits /mp/collect kept. */
  hits(): ReceivedGa4Hit[];
  /** How many /mp/collect requests were answered 204 and dropped. */
  droppedCount(): number;
  close(): Promise<void>;
}

const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const RESERVED_PREFIXES = ['_', 'firebase_', 'ga_', 'google_', 'gtag.'];
const RESERVED_EVENTS = new Set(
  (
    'ad_activeview ad_click ad_exposure ad_impression ad_query adunit_exposure app_clear_data app_install ' +
    'app_update app_remove error first_open first_visit in_app_purchase notification_dismiss ' +
    'notification_foreground notification_open notification_receive os_update screen_view session_start ' +
    'user_engagement'
  ).split(' '),
);
const LONG_PARAMS: Record<string, number> = { page_title: 300, page_referrer: 420, page_location: 1000 };
const CONSENT_VALUES = new Set(['GRANTED', 'DENIED']);
const SEVENTY_TWO_HOURS_MS = 72 * 60 * 60 * 1000;

const message = (
  fieldPath: string,
  description: string,
  validationCode: string,
): FakeGa4ValidationMessage => ({
  fieldPath,
  description,
  validationCode,
});

function nameMessages(kind: 'Event' | 'Param', name: string, where: string): FakeGa4ValidationMessage[] {
  if (name.length > 40)
    return [message(where, `${kind} name [${name}] is longer than 40 characters.`, 'VALUE_OUT_OF_BOUNDS')];
  if (!NAME.test(name))
    return [
      message(
        where,
        `${kind} has invalid name [${name}]. Names must start with an alphabetic character and contain only alphanumeric characters and underscores.`,
        'NAME_INVALID',
      ),
    ];
  if (
    RESERVED_PREFIXES.some((prefix) => name.startsWith(prefix)) ||
    (kind === 'Event' && RESERVED_EVENTS.has(name))
  )
    return [message(where, `${kind} name [${name}] is reserved.`, 'NAME_RESERVED')];
  return [];
}

/** What Google's validation server would say of the body; [] when it would keep it. */
export function ga4ValidationMessages(body: unknown, now: number): FakeGa4ValidationMessage[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return [message('', 'Unable to parse Measurement Protocol JSON payload.', 'VALUE_INVALID')];
  const payload = asRecord(body);
  const found: FakeGa4ValidationMessage[] = [];
  if (typeof payload.client_id !== 'string' || payload.client_id === '')
    found.push(message('client_id', 'Measurement requires a client_id.', 'VALUE_REQUIRED'));
  if (payload.timestamp_micros !== undefined) {
    const micros = Number(payload.timestamp_micros);
    if (
      !Number.isFinite(micros) ||
      now - micros / 1000 > SEVENTY_TWO_HOURS_MS ||
      micros / 1000 > now + 60_000
    )
      found.push(
        message(
          'timestamp_micros',
          'timestamp_micros must be within the last 72 hours.',
          'VALUE_OUT_OF_BOUNDS',
        ),
      );
  }
  const consent = asRecord(payload.consent);
  for (const key of ['ad_user_data', 'ad_personalization']) {
    if (consent[key] !== undefined && !CONSENT_VALUES.has(String(consent[key])))
      found.push(message(`consent.${key}`, `Consent value must be GRANTED or DENIED.`, 'VALUE_INVALID'));
  }
  const events = payload.events;
  if (!Array.isArray(events) || events.length === 0) {
    found.push(message('events', 'Measurement requires at least one event.', 'VALUE_REQUIRED'));
    return found;
  }
  if (events.length > 25)
    found.push(
      message(
        'events',
        `A request may have at most 25 events; it has ${events.length}.`,
        'EXCEEDED_MAX_ENTITIES',
      ),
    );
  events.forEach((event, index) => {
    const record = asRecord(event);
    const where = `events[${index}]`;
    if (typeof record.name !== 'string') {
      found.push(message(`${where}.name`, `Event at index: [${index}] has no name.`, 'VALUE_REQUIRED'));
      return;
    }
    found.push(...nameMessages('Event', record.name, `${where}.name`));
    const params = Object.entries(asRecord(record.params));
    if (params.length > 25)
      found.push(
        message(
          `${where}.params`,
          `Event at index: [${index}] has more than 25 params.`,
          'EXCEEDED_MAX_ENTITIES',
        ),
      );
    for (const [name, value] of params) {
      found.push(...nameMessages('Param', name, `${where}.params.${name}`));
      const limit = LONG_PARAMS[name] ?? 100;
      if (typeof value === 'string' && value.length > limit)
        found.push(
          message(
            `${where}.params.${name}`,
            `Value of param [${name}] is longer than ${limit} characters.`,
            'VALUE_OUT_OF_BOUNDS',
          ),
        );
      else if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
        found.push(
          message(`${where}.params.${name}`, `Value of param [${name}] is not a scalar.`, 'VALUE_INVALID'),
        );
    }
  });
  return found;
}

export async function startFakeGa4(options: FakeGa4Options = {}): Promise<FakeGa4> {
  const streams = new Map(
    (options.streams ?? [{ measurementId: FAKE_GA4_MEASUREMENT_ID, apiSecret: FAKE_GA4_API_SECRET }]).map(
      (stream) => [stream.measurementId, stream.apiSecret],
    ),
  );
  const now = options.now ?? Date.now;
  const hits: ReceivedGa4Hit[] = [];
  let dropped = 0;
  const parsed = (bodyText: string): unknown => {
    try {
      return JSON.parse(bodyText);
    } catch {
      return undefined;
    }
  };

  const server = await startFakeServer((request) => {
    if (request.method !== 'POST') return { status: 405, body: '' };
    const body = parsed(request.bodyText);
    if (request.path === '/debug/mp/collect')
      return { status: 200, body: { validationMessages: ga4ValidationMessages(body, now()) } };
    if (request.path !== '/mp/collect') return { status: 404, body: '' };
    const measurementId = request.query.get('measurement_id') ?? '';
    const known = streams.get(measurementId);
    if (
      known !== undefined &&
      known === request.query.get('api_secret') &&
      ga4ValidationMessages(body, now()).length === 0
    )
      hits.push({ measurementId, payload: asRecord(body) });
    else dropped++;
    return { status: 204 };
  }, options);

  return {
    server,
    env: { GA4_MP_URL: server.url },
    hits: () => [...hits],
    droppedCount: () => dropped,
    close: () => server.close(),
  };
}
