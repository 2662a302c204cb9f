import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createGuardedHttpClient } from '../../../outbound/guardedHttpClient';
import {
  FAKE_META_ACCESS_TOKEN,
  FAKE_META_PIXEL_ID,
  type FakeMetaConversions,
  type FakeMetaOptions,
  startFakeMetaConversions,
} from '../../integrations/fakes/fakeMetaConversions';
import {
  hashedCustomerData,
  type MetaDataset,
  type MetaServerEvent,
  normalizedEmail,
  normalizedNamePart,
  normalizedPhone,
  sendMetaEvents,
  sha256Hex,
} from './metaConversionsClient';

// Meta's own examples of normalised and hashed customer information.
const JOHN_SMITH_EM = '62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f';
const US_PHONE_PH = 'e323ec626319ca94ee8bff2e4c87cf613be6ea19919ed1364124e16807ab3176';

const http = createGuardedHttpClient({ allowedHosts: [{ host: '127.0.0.1', port: null }] });
const fakes: FakeMetaConversions[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});
afterAll(() => http.close());

async function fakeMeta(options: FakeMetaOptions = {}) {
  const fake = await startFakeMetaConversions(options);
  fakes.push(fake);
  return { fake, settings: { graphUrl: fake.server.url, graphVersion: 'v23.0' } };
}

const dataset: MetaDataset = {
  pixelId: FAKE_META_PIXEL_ID,
  accessToken: FAKE_META_ACCESS_TOKEN,
  testEventCode: '',
};

function leadEvent(overrides: Partial<MetaServerEvent> = {}): MetaServerEvent {
  return {
    event_name: 'Lead',
    event_time: Math.floor(Date.now() / 1000) - 60,
    event_id: 'lead.visit-1',
    action_source: 'website',
    event_source_url: 'https://quizzes.example.com/coffee',
    user_data: {
      ...hashedCustomerData({
        email: 'John_Smith@gmail.com',
        phone: '+16505551212',
        name: 'John Smith',
        externalId: 'visit-1',
      }),
      client_user_agent: 'Mozilla/5.0 (iPhone)',
      fbp: 'fb.1.1596403881668.1116446470',
    },
    custom_data: { content_name: 'Coffee quiz', content_category: 'Espresso', value: 7 },
    ...overrides,
  };
}

describe("Meta's customer information", () => {
  it('hashes the email and phone as Meta’s own examples do', () => {
    expect(sha256Hex(normalizedEmail('  John_Smith@gmail.com '))).toBe(JOHN_SMITH_EM);
    expect(normalizedPhone('+1 (650) 555-1212')).toBe('16505551212');
    expect(sha256Hex(normalizedPhone('+1 (650)555-1212') ?? '')).toBe(US_PHONE_PH);
    const data = hashedCustomerData({
      email: 'John_Smith@gmail.com',
      phone: '+16505551212',
      name: null,
      externalId: 'Visit-1',
    });
    expect(data).toEqual({
      em: [JOHN_SMITH_EM],
      ph: [US_PHONE_PH],
      external_id: [sha256Hex('visit-1')],
    });
  });

  it('keeps only digits of a phone, without leading zeros, and refuses what cannot be a number', () => {
    expect(normalizedPhone('(650)555-1212')).toBe('6505551212');
    expect(normalizedPhone('0044 20 7946 0958')).toBe('442079460958');
    expect(normalizedPhone('12-34')).toBeNull();
    expect(normalizedPhone('1234567890123456')).toBeNull();
  });

  it('takes the first and last word of the name, lower case, letters only, in any script', () => {
    expect(normalizedNamePart("O'Brien-Smith")).toBe('obriensmith');
    expect(normalizedNamePart('Éléonore')).toBe('éléonore');
    const data = hashedCustomerData({
      email: 'a@b.co',
      phone: null,
      name: ' Mary  Ann Ōtsuka ',
      externalId: 'v',
    });
    expect(data.fn).toEqual([sha256Hex('mary')]);
    expect(data.ln).toEqual([sha256Hex('ōtsuka')]);
    expect(data.ph).toBeUndefined();
    const single = hashedCustomerData({ email: 'a@b.co', phone: 'n/a', name: 'Cher', externalId: 'v' });
    expect(single).toEqual({
      em: [sha256Hex('a@b.co')],
      external_id: [sha256Hex('v')],
      fn: [sha256Hex('cher')],
    });
  });
});

describe('sendMetaEvents against the local fake', () => {
  it('posts the event as JSON with the token and test code in the body; the fake takes it', async () => {
    const { fake, settings } = await fakeMeta();
    const event = leadEvent();
    const { attempt, eventsReceived } = await sendMetaEvents(
      http,
      settings,
      { ...dataset, testEventCode: 'TEST4242' },
      [event],
      new Date(),
    );
    expect(attempt).toMatchObject({ outcome: 'delivered', statusCode: 200, error: null });
    expect(eventsReceived).toBe(1);
    expect(fake.events()).toEqual([{ pixelId: FAKE_META_PIXEL_ID, testEventCode: 'TEST4242', event }]);
    const [received] = fake.events();
    expect(received?.event.event_id).toBe('lead.visit-1');
    expect(JSON.stringify(received)).not.toContain('John_Smith');
  });

  it('sends no test_event_code when none is saved', async () => {
    const { fake, settings } = await fakeMeta();
    await sendMetaEvents(http, settings, dataset, [leadEvent()], new Date());
    expect(fake.events().map((received) => received.testEventCode)).toEqual([null]);
  });

  it.each([400, 401])(
    'shows a refused token (HTTP %i, code 190) as Meta says it, and does not retry it',
    async (tokenErrorStatus) => {
      const { fake, settings } = await fakeMeta({ tokenErrorStatus });
      const { attempt } = await sendMetaEvents(
        http,
        settings,
        { ...dataset, accessToken: 'EAA-wrong' },
        [leadEvent()],
        new Date(),
      );
      expect(attempt).toMatchObject({
        outcome: 'permanent',
        statusCode: tokenErrorStatus,
        error:
          'Meta refused the access token (code 190): Invalid OAuth access token - Cannot parse access token',
      });
      expect(fake.events()).toEqual([]);
    },
  );

  it('treats a revoked token (code 190, subcode 460) the same way', async () => {
    const { fake, settings } = await fakeMeta();
    fake.revokeTokens();
    const { attempt } = await sendMetaEvents(http, settings, dataset, [leadEvent()], new Date());
    expect(attempt.outcome).toBe('permanent');
    expect(attempt.error).toMatch(/^Meta refused the access token \(code 190, subcode 460\): /);
  });

  it('fails an unknown pixel for good (code 100, subcode 33)', async () => {
    const { settings } = await fakeMeta();
    const { attempt } = await sendMetaEvents(
      http,
      settings,
      { ...dataset, pixelId: '999999999999999' },
      [leadEvent()],
      new Date(),
    );
    expect(attempt.outcome).toBe('permanent');
    expect(attempt.error).toMatch(
      /^Meta does not know this pixel ID.*\(code 100, subcode 33\): Unsupported post request/,
    );
  });

  it('fails an event older than 7 days for good, with Meta’s title', async () => {
    const { fake, settings } = await fakeMeta();
    const eightDaysAgo = Math.floor(Date.now() / 1000) - 8 * 24 * 60 * 60;
    const { attempt } = await sendMetaEvents(
      http,
      settings,
      dataset,
      [leadEvent(), leadEvent({ event_time: eightDaysAgo })],
      new Date(),
    );
    expect(attempt.outcome).toBe('permanent');
    expect(attempt.error).toMatch(
      /^Meta refused the event \(code 100, subcode 2804003\): Event Timestamp Too Old: /,
    );
    // One bad event refuses the whole request.
    expect(fake.events()).toEqual([]);
  });

  it('refuses customer data that is not hashed', async () => {
    const { settings } = await fakeMeta();
    const { attempt } = await sendMetaEvents(
      http,
      settings,
      dataset,
      [leadEvent({ user_data: { em: ['john_smith@gmail.com'], client_user_agent: 'Mozilla/5.0' } })],
      new Date(),
    );
    expect(attempt.outcome).toBe('permanent');
    expect(attempt.error).toContain('user_data.em must be SHA-256 hashed');
  });

  it('retries when Meta throttles (code 17), honouring Retry-After, and on transient errors', async () => {
    const { fake, settings } = await fakeMeta();
    const throttled = {
      status: 400,
      headers: { 'retry-after': '30' },
      body: { error: { message: '(#17) User request limit reached', type: 'OAuthException', code: 17 } },
    };
    const transient = {
      status: 500,
      body: { error: { message: 'An unexpected error has occurred.', code: 2, is_transient: true } },
    };
    const odd = { status: 400, body: { error: { message: 'Please retry', code: 9007, is_transient: true } } };
    fake.server.answerNext(throttled, transient, odd, { status: 503, body: 'upstream down' });
    const results = [];
    for (let index = 0; index < 4; index++)
      results.push((await sendMetaEvents(http, settings, dataset, [leadEvent()], new Date())).attempt);
    expect(results.map((attempt) => attempt.outcome)).toEqual(['retry', 'retry', 'retry', 'retry']);
    expect(results[0]).toMatchObject({
      retryAfterMs: 30_000,
      error: 'Meta asked to try again later (code 17): (#17) User request limit reached',
    });
    expect(results[3]?.error).toBe('Meta answered HTTP 503');
    expect(fake.events()).toEqual([]);
  });

  it('fails a permission error for good (code 10)', async () => {
    const { fake, settings } = await fakeMeta();
    fake.server.answerNext({
      status: 403,
      body: { error: { message: '(#10) Application does not have permission for this action', code: 10 } },
    });
    const { attempt } = await sendMetaEvents(http, settings, dataset, [leadEvent()], new Date());
    expect(attempt).toMatchObject({ outcome: 'permanent', statusCode: 403 });
    expect(attempt.error).toMatch(/lack of a permission \(code 10\)/);
  });

  it('retries when Meta cannot be reached', async () => {
    const { fake, settings } = await fakeMeta();
    await fake.close();
    const { attempt } = await sendMetaEvents(http, settings, dataset, [leadEvent()], new Date());
    expect(attempt).toMatchObject({ outcome: 'retry', statusCode: null });
  });
});

describe('the Meta fake', () => {
  it('also takes form fields, with data as a JSON string, and the token in the query', async () => {
    const { fake, settings } = await fakeMeta();
    const event = leadEvent();
    const form = new URLSearchParams({ data: JSON.stringify([event]), test_event_code: 'TEST1' });
    const url = `${settings.graphUrl}/v23.0/${FAKE_META_PIXEL_ID}/events?access_token=${FAKE_META_ACCESS_TOKEN}`;
    const response = await fetch(url, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ events_received: 1, messages: [] });
    expect(fake.events()).toEqual([{ pixelId: FAKE_META_PIXEL_ID, testEventCode: 'TEST1', event }]);
  });

  it('refuses website events without the browser fields, more than 1,000 events, or none', async () => {
    const { fake, settings } = await fakeMeta();
    const post = (body: unknown) =>
      fetch(`${settings.graphUrl}/v23.0/${FAKE_META_PIXEL_ID}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ access_token: FAKE_META_ACCESS_TOKEN, ...(body as object) }),
      });
    const withoutAgent = leadEvent({ user_data: { em: [JOHN_SMITH_EM] } });
    const refused = await post({ data: [withoutAgent] });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { code: 100, error_user_msg: expect.stringContaining('client_user_agent') },
    });
    expect((await post({ data: Array.from({ length: 1001 }, () => leadEvent()) })).status).toBe(400);
    expect((await post({ data: [] })).status).toBe(400);
    expect((await post({ data: [leadEvent({ action_source: 'web' as 'website' })] })).status).toBe(400);
    expect(fake.events()).toEqual([]);
  });
});
