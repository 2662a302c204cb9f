import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ClientContext,
  type ConnectContext,
  ServiceError,
  type SubscriberLead,
} from '../../autoresponderClient';
import { readServiceSettings, SERVICE_DEFAULTS } from '../../serviceSettings';
import { localHttp } from '../clientTestSupport';
import { type SendlaneCredentials, sendlaneClient } from './sendlaneClient';
import { createSendlaneFake, type SendlaneFake } from './sendlaneFake';
import { sendlaneApiBase } from './sendlaneSiteAddress';

const http = localHttp;

const lead: SubscriberLead = {
  email: 'Ana.Silva@example.com',
  name: 'Ana Silva',
  quizName: 'Which plan fits you?',
  outcomeName: 'Pro',
  score: 7,
  tags: ['quizbeam', 'quiz: Which plan fits you?', 'outcome: Pro'],
  idempotencyKey: 'lead-1:destination-1',
};

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

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

describe('sendlaneClient against the local Sendlane fake', () => {
  let fake: SendlaneFake;
  let connectContext: ConnectContext;
  let credentials: SendlaneCredentials;
  const context = (over: Partial<SendlaneCredentials> = {}): ClientContext<SendlaneCredentials> => ({
    ...connectContext,
    credentials: { ...credentials, ...over },
    saveCredentials: async () => {},
  });

  beforeAll(async () => {
    fake = await createSendlaneFake();
    connectContext = { http, settings: readServiceSettings('sendlane', fake.env), now: () => new Date() };
    credentials = await sendlaneClient.connect(connectContext, fake.demoCredentials ?? {});
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => fake.setOptions({ requestsPerSecond: 0 }));

  it('connects with the site address typed as a full URL, or as a bare subdomain expanded by the setting', async () => {
    expect(credentials).toEqual({
      apiBaseUrl: `${fake.server.url}/api/v1`,
      apiKey: fake.demoCredentials?.apiKey,
      hashKey: fake.demoCredentials?.hashKey,
    });
    expect(sendlaneClient.credentialsSchema.parse(credentials)).toEqual(credentials);
    const bySubdomain = await sendlaneClient.connect(connectContext, {
      ...fake.demoCredentials,
      subdomain: 'acme',
    });
    expect(bySubdomain.apiBaseUrl).toBe(`${fake.server.url}/api/v1`);
  });

  it('names the input a refused connect was caused by', async () => {
    const demo = fake.demoCredentials ?? {};
    const cases: [Record<string, string>, string][] = [
      [{ ...demo, apiKey: 'wrong' }, 'apiKey'],
      [{ ...demo, hashKey: 'wrong' }, 'hashKey'],
      [{ ...demo, apiKey: '' }, 'apiKey'],
      [{ ...demo, subdomain: 'http://127.0.0.1:1' }, 'subdomain'],
    ];
    for (const [input, field] of cases) {
      const error = await failure(sendlaneClient.connect(connectContext, input));
      expect(error.kind, field).toBe('permanent');
      expect(error.details.field).toBe(field);
    }
    // A site that is not a Sendlane account answers a page, not the API.
    fake.failNext({ status: 404, headers: { 'content-type': 'text/html' }, body: '<h1>Not Found</h1>' });
    const notSendlane = await failure(sendlaneClient.connect(connectContext, demo));
    expect(notSendlane.details.field).toBe('subdomain');
  });

  it('checks the status and lists the lists as targets', async () => {
    await sendlaneClient.checkStatus(context());
    expect(await sendlaneClient.listTargets(context())).toEqual([
      { id: '101', displayName: 'Newsletter' },
      { id: '102', displayName: 'Quiz Leads' },
      { id: '103', displayName: 'Webinar Signups' },
    ]);
  });

  it('adds the lead with its name, and the same lead twice is one contact', async () => {
    const first = await sendlaneClient.subscribe(context(), '102', lead);
    expect(first.statusCode).toBe(200);
    await sendlaneClient.subscribe(context(), '102', lead);
    await sendlaneClient.subscribe(context(), '101', { ...lead, name: null });
    const held = fake.contacts().filter((contact) => contact.email === 'ana.silva@example.com');
    expect(held).toEqual([
      { email: 'ana.silva@example.com', name: 'Ana Silva', tags: [], fields: {}, targetIds: ['102', '101'] },
    ]);
  });

  it('refuses an invalid email or an unknown list permanently', async () => {
    const invalid = await failure(
      sendlaneClient.subscribe(context(), '101', { ...lead, email: 'not-an-email' }),
    );
    expect(invalid.kind).toBe('permanent');
    expect(invalid.message).toContain('refused the address');
    const unknown = await failure(sendlaneClient.subscribe(context(), '999', lead));
    expect(unknown.kind).toBe('permanent');
    expect(unknown.message).toContain('does not know this list');
    expect((await failure(sendlaneClient.subscribe(context(), 'abc', lead))).kind).toBe('permanent');
  });

  it('answers unauthorized for a wrong key', async () => {
    const error = await failure(sendlaneClient.checkStatus(context({ hashKey: 'revoked' })));
    expect(error.kind).toBe('unauthorized');
  });

  it('treats 429, 5xx and an HTML answer as retryable', async () => {
    fake.setOptions({ requestsPerSecond: 1 });
    const results = await Promise.allSettled([
      sendlaneClient.checkStatus(context()),
      sendlaneClient.checkStatus(context()),
    ]);
    fake.setOptions({ requestsPerSecond: 0 });
    const limited = results.find((result) => result.status === 'rejected');
    expect(limited?.status).toBe('rejected');
    const reason = limited?.status === 'rejected' ? limited.reason : null;
    expect(reason).toBeInstanceOf(ServiceError);
    expect(reason).toMatchObject({ kind: 'retryable', details: { statusCode: 429, retryAfterMs: 1000 } });

    fake.failNext({ status: 503, body: { error: 'Service unavailable' } });
    expect((await failure(sendlaneClient.subscribe(context(), '101', lead))).kind).toBe('retryable');
    fake.failNext({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: '<html>Maintenance</html>',
    });
    expect((await failure(sendlaneClient.subscribe(context(), '101', lead))).kind).toBe('retryable');
  });

  it('answers unauthorized after the keys are revoked', async () => {
    const revoked = await createSendlaneFake();
    try {
      const settings = readServiceSettings('sendlane', revoked.env);
      const working = await sendlaneClient.connect(
        { ...connectContext, settings },
        revoked.demoCredentials ?? {},
      );
      revoked.revokeAll();
      const error = await failure(
        sendlaneClient.checkStatus({ ...context(), settings, credentials: working }),
      );
      expect(error.kind).toBe('unauthorized');
    } finally {
      await revoked.close();
    }
  });
});

describe('sendlaneClient when Sendlane answers errors with status 200', () => {
  let fake: SendlaneFake;
  let connectContext: ConnectContext;

  beforeAll(async () => {
    fake = await createSendlaneFake({ errorsWithStatus200: true });
    connectContext = { http, settings: readServiceSettings('sendlane', fake.env), now: () => new Date() };
  });
  afterAll(async () => {
    await fake.close();
  });

  it('still classifies them by their error text', async () => {
    const credentials = await sendlaneClient.connect(connectContext, fake.demoCredentials ?? {});
    const context = { ...connectContext, credentials, saveCredentials: async () => {} };
    const wrongHash = await failure(
      sendlaneClient.connect(connectContext, { ...fake.demoCredentials, hashKey: 'x' }),
    );
    expect(wrongHash.details.field).toBe('hashKey');
    expect((await failure(sendlaneClient.subscribe(context, '999', lead))).kind).toBe('permanent');
    expect((await failure(sendlaneClient.subscribe(context, '101', { ...lead, email: 'nope' }))).kind).toBe(
      'permanent',
    );
    fake.revokeAll();
    expect((await failure(sendlaneClient.checkStatus(context))).kind).toBe('unauthorized');
  });
});
