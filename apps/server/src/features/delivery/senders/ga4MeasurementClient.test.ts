import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createGuardedHttpClient } from '../../../outbound/guardedHttpClient';
import {
  FAKE_GA4_API_SECRET,
  FAKE_GA4_MEASUREMENT_ID,
  type FakeGa4,
  startFakeGa4,
} from '../../integrations/fakes/fakeGa4';
import {
  type Ga4Payload,
  ga4PayloadProblems,
  sendGa4Payload,
  validateGa4Payload,
} from './ga4MeasurementClient';

const http = createGuardedHttpClient({ allowedHosts: [{ host: '127.0.0.1', port: null }] });
const fakes: FakeGa4[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});
afterAll(() => http.close());

async function fakeGa4() {
  const fake = await startFakeGa4();
  fakes.push(fake);
  return fake;
}

const stream = { measurementId: FAKE_GA4_MEASUREMENT_ID, apiSecret: FAKE_GA4_API_SECRET };
const now = new Date();

function leadPayload(overrides: Partial<Ga4Payload> = {}): Ga4Payload {
  return {
    client_id: '1162820436.1749482504',
    timestamp_micros: (now.getTime() - 60_000) * 1000,
    consent: { ad_user_data: 'GRANTED', ad_personalization: 'GRANTED' },
    events: [
      {
        name: 'generate_lead',
        params: {
          quiz_id: 'q1',
          outcome: 'Espresso',
          score: 7,
          session_id: '1749482504',
          engagement_time_msec: 1,
        },
      },
    ],
    ...overrides,
  };
}

const withEvent = (name: string, params: Record<string, string | number>) =>
  leadPayload({ events: [{ name, params }] });

describe('ga4PayloadProblems', () => {
  it('finds nothing wrong with a lead’s generate_lead', () => {
    expect(ga4PayloadProblems(leadPayload(), now.getTime())).toEqual([]);
  });

  it('names what GA4 would drop: bad or reserved names, too many params, long values, old times', () => {
    const manyParams = Object.fromEntries(Array.from({ length: 26 }, (_, index) => [`p${index}`, index]));
    expect(ga4PayloadProblems(withEvent('_lead', {}), now.getTime())).toEqual([
      'The event name "_lead" must start with a letter and hold only letters, digits and underscores.',
    ]);
    expect(ga4PayloadProblems(withEvent('session_start', {}), now.getTime())).toEqual([
      '"session_start" is an event name Google reserves.',
    ]);
    expect(ga4PayloadProblems(withEvent('lead', { ga_source: 'x' }), now.getTime())).toEqual([
      'The parameter name "ga_source" starts with a prefix Google reserves.',
    ]);
    expect(ga4PayloadProblems(withEvent('lead', manyParams), now.getTime())).toEqual([
      'The event "lead" has 26 parameters; GA4 keeps 25.',
    ]);
    expect(ga4PayloadProblems(withEvent('lead', { outcome: 'x'.repeat(101) }), now.getTime())).toEqual([
      'The parameter "outcome" is longer than 100 characters.',
    ]);
    expect(ga4PayloadProblems(withEvent('lead', { page_location: 'x'.repeat(1000) }), now.getTime())).toEqual(
      [],
    );
    expect(ga4PayloadProblems(withEvent(`a${'b'.repeat(40)}`, {}), now.getTime())).toEqual([
      `The event name "a${'b'.repeat(40)}" must have 1 to 40 characters.`,
    ]);
    const fourDaysAgo = (now.getTime() - 4 * 24 * 60 * 60 * 1000) * 1000;
    expect(ga4PayloadProblems(leadPayload({ timestamp_micros: fourDaysAgo }), now.getTime())).toEqual([
      'The event time must be within the last 72 hours.',
    ]);
    expect(ga4PayloadProblems(leadPayload({ client_id: ' ', events: [] }), now.getTime())).toEqual([
      'The event has no client id.',
      'A request carries 1 to 25 events.',
    ]);
  });
});

describe('sendGa4Payload against the local fake', () => {
  it('posts to /mp/collect with the measurement ID and secret; GA4 answers 204 and counts the hit', async () => {
    const fake = await fakeGa4();
    const payload = leadPayload();
    const attempt = await sendGa4Payload(http, fake.server.url, stream, payload, now);
    expect(attempt).toMatchObject({ outcome: 'delivered', statusCode: 204, error: null });
    expect(fake.hits()).toEqual([{ measurementId: FAKE_GA4_MEASUREMENT_ID, payload }]);
  });

  it('cannot tell a wrong secret: GA4 answers 204 and drops the hit', async () => {
    const fake = await fakeGa4();
    const attempt = await sendGa4Payload(
      http,
      fake.server.url,
      { ...stream, apiSecret: 'wrong' },
      leadPayload(),
      now,
    );
    expect(attempt.outcome).toBe('delivered');
    expect(fake.hits()).toEqual([]);
    expect(fake.droppedCount()).toBe(1);
  });

  it('retries a 5xx and keeps the API secret out of what the Leads tab shows', async () => {
    const fake = await fakeGa4();
    fake.server.answerNext({ status: 503, body: `upstream failed for api_secret=${FAKE_GA4_API_SECRET}` });
    const attempt = await sendGa4Payload(http, fake.server.url, stream, leadPayload(), now);
    expect(attempt).toMatchObject({ outcome: 'retry', statusCode: 503 });
    expect(attempt.responseExcerpt).toBe('upstream failed for api_secret=[API secret]');
  });

  it('retries when GA4 cannot be reached', async () => {
    const fake = await fakeGa4();
    await fake.close();
    const attempt = await sendGa4Payload(http, fake.server.url, stream, leadPayload(), now);
    expect(attempt).toMatchObject({ outcome: 'retry', statusCode: null });
  });
});

describe('validateGa4Payload against the local fake', () => {
  it('answers no messages for a valid event, and keeps no hit', async () => {
    const fake = await fakeGa4();
    const result = await validateGa4Payload(http, fake.server.url, stream, leadPayload(), now);
    expect(result).toMatchObject({
      attempt: { outcome: 'delivered', statusCode: 200 },
      validationMessages: [],
    });
    expect(fake.hits()).toEqual([]);
  });

  it('answers the validation server’s messages for bad and reserved names', async () => {
    const fake = await fakeGa4();
    const result = await validateGa4Payload(
      http,
      fake.server.url,
      stream,
      leadPayload({
        events: [
          { name: '_badEventName', params: {} },
          { name: 'first_visit', params: { firebase_x: 1 } },
        ],
      }),
      now,
    );
    expect(result.validationMessages?.map((message) => [message.fieldPath, message.validationCode])).toEqual([
      ['events[0].name', 'NAME_INVALID'],
      ['events[1].name', 'NAME_RESERVED'],
      ['events[1].params.firebase_x', 'NAME_RESERVED'],
    ]);
  });

  it('says so when the answer holds no validation messages', async () => {
    const fake = await fakeGa4();
    fake.server.answerNext({ status: 200, body: '<html>gateway</html>' });
    const result = await validateGa4Payload(http, fake.server.url, stream, leadPayload(), now);
    expect(result.validationMessages).toBeNull();
    expect(result.attempt.error).toBe("Google's validation server gave no validation messages (HTTP 200).");
  });
});
