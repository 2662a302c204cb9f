import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  describeAutoresponderClientBehaviour,
  FIRST_LEAD,
} from '../../../../testing/autoresponderClientContract';
import { connectContextFor, failureOf, recordingContext } from '../../../../testing/autoresponderClients';
import { createSendlaneFake, startSendlaneFake } from '../../fakes/autoresponders/sendlaneFake';
import type { ServiceFake } from '../../fakes/serviceFake';
import type { ConnectContext } from '../autoresponderClient';
import { readServiceSettings, SERVICE_DEFAULTS } from '../serviceSettings';
import { type SendlaneCredentials, sendlaneClient } from '../services/sendlane/sendlaneClient';
import { sendlaneApiBase } from '../services/sendlane/sendlaneSiteAddress';

describeAutoresponderClientBehaviour('Sendlane', {
  client: sendlaneClient,
  startFake: startSendlaneFake,
  targets: [
    { id: '101', displayName: 'Newsletter' },
    { id: '102', displayName: 'Quiz Leads' },
    { id: '103', displayName: 'Webinar Signups' },
  ],
  target: '102',
  otherTarget: { id: '101', targetIds: ['102', '101'] },
  // Sendlane keeps addresses in lower case and has neither tags nor fields.
  contactAfterBothLeads: {
    email: 'ana.silva@example.com',
    name: 'Ana Maria',
    tags: [],
    fields: {},
    targetIds: ['102'],
  },
  subscribed: { statuses: [200, 200], excerpt: /Subscribers added successfully/ },
  refusedAddress: { message: /refused the address/, statusCode: 400 },
  unknownTargets: [{ id: '999', message: /does not know this list/ }, { id: 'abc' }],
  refusedConnectMessage: /^Sendlane refused the API key/,
  rateLimited: { statusCode: 429, retryAfterMs: 1000 },
  outage: { status: 503, body: { error: 'Service unavailable' } },
});

describe('sendlaneApiBase', () => {
  const pattern = SERVICE_DEFAULTS.sendlane.apiUrl;

  it('expands a bare subdomain, takes a host or a full URL, and names the field when it is none', () => {
    expect(sendlaneApiBase(pattern, 'Acme')).toBe('https://acme.sendlane.com/api/v1');
    expect(sendlaneApiBase(pattern, 'acme.sendlane.com')).toBe('https://acme.sendlane.com/api/v1');
    expect(sendlaneApiBase(pattern, 'https://acme.sendlane.com/')).toBe('https://acme.sendlane.com/api/v1');
    expect(sendlaneApiBase(pattern, 'https://acme.sendlane.com/api/v1')).toBe(
      'https://acme.sendlane.com/api/v1',
    );
    expect(sendlaneApiBase(pattern, 'acme.sendlane.com/dashboard')).toBe('https://acme.sendlane.com/api/v1');
    expect(sendlaneApiBase(pattern, 'http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010/api/v1');
    for (const bad of ['', 'acme sendlane', 'ftp://acme.sendlane.com', 'acme/<x>']) {
      expect(() => sendlaneApiBase(pattern, bad)).toThrow(
        expect.objectContaining({
          kind: 'permanent',
          details: expect.objectContaining({ field: 'subdomain' }),
        }),
      );
    }
  });
});

describe('Sendlane: its own ways', () => {
  let fake: ServiceFake;
  let connectContext: ConnectContext;
  let credentials: SendlaneCredentials;
  const context = (over: Partial<SendlaneCredentials> = {}) =>
    recordingContext(connectContext.settings, { ...credentials, ...over }).context;
  beforeEach(async () => {
    fake = await createSendlaneFake();
    connectContext = connectContextFor(readServiceSettings('sendlane', fake.env));
    credentials = await sendlaneClient.connect(connectContext, fake.demoCredentials ?? {});
  });
  afterEach(() => fake.close());

  it('connects with the site address typed as a full URL, or as a bare subdomain expanded by the setting', async () => {
    expect(credentials).toEqual({
      apiBaseUrl: `${fake.server.url}/api/v1`,
      apiKey: fake.demoCredentials?.apiKey,
      hashKey: fake.demoCredentials?.hashKey,
    });
    const bySubdomain = await sendlaneClient.connect(connectContext, {
      ...fake.demoCredentials,
      subdomain: 'acme',
    });
    expect(bySubdomain.apiBaseUrl).toBe(`${fake.server.url}/api/v1`);
  });

  it('names the hash key or the site address when a refused connect was caused by it', async () => {
    const demo = fake.demoCredentials ?? {};
    const cases: [Record<string, string>, string][] = [
      [{ ...demo, hashKey: 'wrong' }, 'hashKey'],
      [{ ...demo, subdomain: 'http://127.0.0.1:1' }, 'subdomain'],
    ];
    for (const [input, field] of cases) {
      const error = await failureOf(sendlaneClient.connect(connectContext, input));
      expect(error.kind, field).toBe('permanent');
      expect(error.details.field).toBe(field);
    }
    // A site that is not a Sendlane account answers a page, not the API.
    fake.answerNext({ status: 404, headers: { 'content-type': 'text/html' }, body: '<h1>Not Found</h1>' });
    const notSendlane = await failureOf(sendlaneClient.connect(connectContext, demo));
    expect(notSendlane.details.field).toBe('subdomain');
  });

  it('answers unauthorized for a wrong key', async () => {
    const error = await failureOf(sendlaneClient.checkStatus(context({ hashKey: 'revoked' })));
    expect(error.kind).toBe('unauthorized');
  });
});

describe('Sendlane: when it answers errors with status 200', () => {
  let fake: ServiceFake;
  beforeEach(async () => {
    fake = await createSendlaneFake({ errorsWithStatus200: true });
  });
  afterEach(() => fake.close());

  it('still classifies them by their error text', async () => {
    const connectContext = connectContextFor(readServiceSettings('sendlane', fake.env));
    const credentials = await sendlaneClient.connect(connectContext, fake.demoCredentials ?? {});
    const { context } = recordingContext(connectContext.settings, credentials);
    const wrongHash = await failureOf(
      sendlaneClient.connect(connectContext, { ...fake.demoCredentials, hashKey: 'x' }),
    );
    expect(wrongHash.details.field).toBe('hashKey');
    expect((await failureOf(sendlaneClient.subscribe(context, '999', FIRST_LEAD))).kind).toBe('permanent');
    expect(
      (await failureOf(sendlaneClient.subscribe(context, '101', { ...FIRST_LEAD, email: 'nope' }))).kind,
    ).toBe('permanent');
    fake.revokeAll();
    expect((await failureOf(sendlaneClient.checkStatus(context))).kind).toBe('unauthorized');
  });
});
