import {
  type CreateConversionApiBody,
  createConversionApiEndpoint,
  TEST_EVENT_CODE_NEEDED_TEXT,
  testConversionApiEndpoint,
} from '@quizbeam/contracts/conversionApis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../security/rateLimiter';
import type { SignedInAccount, TestApp } from '../../testing/testApp';
import { startTestApp } from '../../testing/testApp';
import { sha256Hex } from '../delivery/senders/metaConversionsClient';
import {
  FAKE_GA4_API_SECRET,
  FAKE_GA4_MEASUREMENT_ID,
  type FakeGa4,
  startFakeGa4,
} from '../integrations/fakes/fakeGa4';
import {
  FAKE_META_ACCESS_TOKEN,
  FAKE_META_PIXEL_ID,
  type FakeMetaConversions,
  startFakeMetaConversions,
} from '../integrations/fakes/fakeMetaConversions';
import { TEST_EVENT_NAME } from './sendConversionTest';

let t: TestApp;
let meta: FakeMetaConversions;
let ga4: FakeGa4;
beforeAll(async () => {
  meta = await startFakeMetaConversions();
  ga4 = await startFakeGa4();
  t = await startTestApp({ ...meta.env, ...ga4.env, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await meta?.close();
  await ga4?.close();
});

const pixel: CreateConversionApiBody = {
  platform: 'meta',
  name: 'Main pixel',
  platformId: FAKE_META_PIXEL_ID,
  secret: FAKE_META_ACCESS_TOKEN,
  testEventCode: 'TEST4242',
};
const stream: CreateConversionApiBody = {
  platform: 'ga4',
  name: 'Website stream',
  platformId: FAKE_GA4_MEASUREMENT_ID,
  secret: FAKE_GA4_API_SECRET,
};

async function testOf(account: SignedInAccount, body: CreateConversionApiBody) {
  const { id } = (await account.send(createConversionApiEndpoint, { body })).data();
  return account.send(testConversionApiEndpoint, { params: { id } });
}

describe('Send Test Event', () => {
  it('sends Meta one Lead event with the saved test event code, which Events Manager then shows', async () => {
    const account = await t.signIn();
    const before = meta.events().length;
    const answer = await testOf(account, pixel);
    expect(answer.data()).toEqual({
      platform: 'meta',
      ok: true,
      statusCode: 200,
      error: null,
      eventsReceived: 1,
      validationMessages: [],
    });
    expect(answer.body).not.toContain(FAKE_META_ACCESS_TOKEN);
    const received = meta.events().slice(before);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      pixelId: FAKE_META_PIXEL_ID,
      testEventCode: 'TEST4242',
      event: {
        event_name: 'Lead',
        action_source: 'website',
        user_data: { em: [sha256Hex('test-lead@example.com')], client_user_agent: 'lightMyRequest' },
        custom_data: { content_name: TEST_EVENT_NAME },
      },
    });
  });

  it('asks for a test event code first, sending nothing (a test without one would count as a conversion)', async () => {
    const account = await t.signIn();
    const before = meta.events().length;
    const answer = await testOf(account, { ...pixel, testEventCode: '' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ code: 'validation_failed', error: TEST_EVENT_CODE_NEEDED_TEXT });
    expect(meta.events()).toHaveLength(before);
  });

  it('shows what Meta said of a token it refuses', async () => {
    const account = await t.signIn();
    const answer = await testOf(account, { ...pixel, secret: 'EAAnotTheRightToken' });
    expect(answer.data()).toEqual({
      platform: 'meta',
      ok: false,
      statusCode: 400,
      error:
        'Meta refused the access token (code 190): Invalid OAuth access token - Cannot parse access token',
      eventsReceived: null,
      validationMessages: [],
    });
  });

  it('has GA4’s validation server check a sample generate_lead, and answers its verdict', async () => {
    const account = await t.signIn();
    const answer = await testOf(account, stream);
    expect(answer.data()).toEqual({
      platform: 'ga4',
      ok: true,
      statusCode: 200,
      error: null,
      eventsReceived: null,
      validationMessages: [],
    });
    expect(answer.body).not.toContain(FAKE_GA4_API_SECRET);
    // The validation server keeps nothing.
    expect(ga4.hits()).toEqual([]);
  });

  it('answers the validation server’s messages when it finds the event wrong', async () => {
    const account = await t.signIn();
    const refusal = {
      fieldPath: 'events',
      description:
        'Event at index: [0] has invalid name [_badEventName]. Names must start with an alphabetic character.',
      validationCode: 'NAME_INVALID',
    };
    ga4.server.answerNext({ status: 200, body: { validationMessages: [refusal] } });
    const result = (await testOf(account, stream)).data();
    expect(result).toMatchObject({ ok: false, validationMessages: [refusal] });
    expect(result.error).toBe(`Google's validation server refused the event: ${refusal.description}`);
  });
});

describe('Send Test Event, sent too often', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp(
      { ...meta.env, ...ga4.env, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
      { rateLimits: { ...defaultRateLimits, serviceCallsPerAccount: { max: 2, windowMs: 60_000 } } },
    );
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('counts test events as calls to the platform and answers 429 past the limit, sending nothing more', async () => {
    const account = await limited.signIn();
    const { id } = (await account.send(createConversionApiEndpoint, { body: stream })).data();
    for (let sent = 0; sent < 2; sent++)
      expect((await account.send(testConversionApiEndpoint, { params: { id } })).statusCode).toBe(200);
    const refused = await account.send(testConversionApiEndpoint, { params: { id } });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
