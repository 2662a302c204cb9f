import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHandler, startFakeServer } from '../../../fakes/fakeHttp';
import type { ServiceFake } from '../../../fakes/serviceFake';
import { type ClientContext, ServiceError, type SubscriberLead } from '../../autoresponderClient';
import { readServiceSettings, type ServiceSettings } from '../../serviceSettings';
import { localHttp } from '../clientTestSupport';
import { type ActiveCampaignCredentials, activeCampaignApiBase } from './activeCampaignApi';
import { activeCampaignClient } from './activeCampaignClient';
import { startActiveCampaignFake, startActiveCampaignFakeWith } from './activeCampaignFake';

const http = localHttp;
const now = () => new Date();

let fake: ServiceFake;
let settings: ServiceSettings;

beforeAll(async () => {
  fake = await startActiveCampaignFake();
  settings = readServiceSettings('activecampaign', fake.env);
});
afterAll(async () => {
  await fake.close();
  await http.close();
});

const lead = (overrides: Partial<SubscriberLead> = {}): SubscriberLead => ({
  email: 'ana@example.com',
  name: 'Ana María Lopez',
  quizName: 'Pet Quiz',
  outcomeName: 'Cat person',
  score: 7,
  tags: ['quizbeam', 'quiz: Pet Quiz', 'outcome: Cat person'],
  idempotencyKey: 'lead-1:destination-1',
  ...overrides,
});

const connect = (input: { apiUrl?: string; apiKey?: string }, connectSettings = settings) =>
  activeCampaignClient.connect({ http, settings: connectSettings, now }, input);

const contextFor = (credentials: ActiveCampaignCredentials): ClientContext<ActiveCampaignCredentials> => ({
  http,
  settings,
  credentials,
  saveCredentials: async () => {
    throw new Error('API keys are never re-saved');
  },
  now,
});

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

async function withStandIn(
  handler: FakeHandler,
  run: (credentials: ActiveCampaignCredentials) => Promise<void>,
) {
  const standIn = await startFakeServer(handler);
  try {
    await run({ apiBase: `${standIn.url}/api/3`, apiKey: 'any' });
  } finally {
    await standIn.close();
  }
}

describe('activeCampaignApiBase', () => {
  it('keeps a typed URL, adds https to a bare host and expands an account name', () => {
    const real = readServiceSettings('activecampaign', {});
    expect(activeCampaignApiBase('https://acme.api-us1.com/', real)).toBe('https://acme.api-us1.com/api/3');
    expect(activeCampaignApiBase('https://acme.api-us1.com/api/3', real)).toBe(
      'https://acme.api-us1.com/api/3',
    );
    expect(activeCampaignApiBase('acme.api-us1.com', real)).toBe('https://acme.api-us1.com/api/3');
    expect(activeCampaignApiBase('acme', real)).toBe('https://acme.api-us1.com/api/3');
    expect(() => activeCampaignApiBase('ftp://acme.example', real)).toThrow(ServiceError);
  });
});

describe('activeCampaignClient against its fake', () => {
  it('connects with the API URL and key, checks the status and lists the lists', async () => {
    const demo = fake.demoCredentials ?? {};
    const credentials = await connect(demo);
    expect(credentials).toEqual({ apiBase: `${demo.apiUrl}/api/3`, apiKey: demo.apiKey });
    expect(await connect({ ...demo, apiUrl: `${demo.apiUrl}/api/3/` })).toEqual(credentials);
    await expect(activeCampaignClient.checkStatus(contextFor(credentials))).resolves.toBeUndefined();
    expect(await activeCampaignClient.listTargets(contextFor(credentials))).toEqual(
      fake.targets.map((target) => ({ id: target.id, displayName: target.name })),
    );
  });

  it('names the input a refused connect comes from', async () => {
    const demo = fake.demoCredentials ?? {};
    const cases: [{ apiUrl?: string; apiKey?: string }, string][] = [
      [{ ...demo, apiKey: 'wrong-key' }, 'apiKey'],
      [{ ...demo, apiKey: ' ' }, 'apiKey'],
      [{ ...demo, apiUrl: 'http://127.0.0.1:1' }, 'apiUrl'],
      [{ ...demo, apiUrl: 'https://' }, 'apiUrl'],
      [{ ...demo, apiUrl: '' }, 'apiUrl'],
      [{ ...demo, apiUrl: `${demo.apiUrl}/elsewhere` }, 'apiUrl'],
    ];
    for (const [input, field] of cases) {
      const error = await failure(connect(input));
      expect({ input, field: error.details.field }).toEqual({ input, field });
    }
  });

  it('treats a 401 for a wrong key like a 403', async () => {
    const strict = await startActiveCampaignFakeWith({ authFailureStatus: 401 });
    try {
      const demo = strict.demoCredentials ?? {};
      expect((await failure(connect({ ...demo, apiKey: 'wrong' }))).details.field).toBe('apiKey');
      const credentials = await connect(demo);
      strict.revokeAll();
      expect((await failure(activeCampaignClient.checkStatus(contextFor(credentials)))).kind).toBe(
        'unauthorized',
      );
    } finally {
      await strict.close();
    }
  });

  it('follows limit/offset until meta.total', async () => {
    const all = Array.from({ length: 150 }, (_, index) => ({
      id: String(index + 1),
      name: `List ${index + 1}`,
    }));
    await withStandIn(
      (request) => {
        const offset = Number(request.query.get('offset'));
        const limit = Number(request.query.get('limit'));
        return { status: 200, body: { lists: all.slice(offset, offset + limit), meta: { total: '150' } } };
      },
      async (credentials) => {
        const targets = await activeCampaignClient.listTargets(contextFor(credentials));
        expect(targets.map((target) => target.id)).toEqual(all.map((list) => list.id));
      },
    );
  });

  it('subscribes a lead once, on the list, with its name and tags', async () => {
    const context = contextFor(await connect(fake.demoCredentials ?? {}));
    const first = await activeCampaignClient.subscribe(context, '2', lead());
    expect(first.statusCode).toBe(201);
    await activeCampaignClient.subscribe(
      context,
      '2',
      lead({ name: 'Ana Lopez', tags: ['quizbeam', 'quiz: Pet Quiz', 'outcome: Dog person'] }),
    );
    const stored = fake.contacts().filter((contact) => contact.email === 'ana@example.com');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Ana Lopez', targetIds: ['2'] });
    expect(stored[0]?.tags.sort()).toEqual([
      'outcome: Cat person',
      'outcome: Dog person',
      'quiz: Pet Quiz',
      'quizbeam',
    ]);
  });

  it('refuses an invalid email and an unknown list as permanent', async () => {
    const context = contextFor(await connect(fake.demoCredentials ?? {}));
    const badEmail = await failure(activeCampaignClient.subscribe(context, '2', lead({ email: 'nope' })));
    expect(badEmail.kind).toBe('permanent');
    expect(badEmail.message).toContain('ActiveCampaign refused the contact');
    const unknownList = await failure(
      activeCampaignClient.subscribe(context, '999', lead({ email: 'bo@example.com' })),
    );
    expect(unknownList.kind).toBe('permanent');
  });

  it('answers unauthorized once the key is revoked', async () => {
    const credentials = await connect(fake.demoCredentials ?? {});
    fake.revokeAll();
    expect((await failure(activeCampaignClient.checkStatus(contextFor(credentials)))).kind).toBe(
      'unauthorized',
    );
    expect((await failure(activeCampaignClient.subscribe(contextFor(credentials), '2', lead()))).kind).toBe(
      'unauthorized',
    );
    // The new key works.
    await expect(
      activeCampaignClient.checkStatus(contextFor(await connect(fake.demoCredentials ?? {}))),
    ).resolves.toBeUndefined();
  });

  it('retries a 429 after Retry-After', async () => {
    const context = contextFor(await connect(fake.demoCredentials ?? {}));
    fake.setOptions({ requestsPerSecond: 1 });
    try {
      await activeCampaignClient.checkStatus(context);
      const error = await failure(activeCampaignClient.checkStatus(context));
      expect(error.kind).toBe('retryable');
      expect(error.details.retryAfterMs).toBe(1000);
    } finally {
      fake.setOptions({ requestsPerSecond: undefined });
    }
  });

  it('retries a 5xx and an HTML page, and keeps a 403 that is not about the key permanent', async () => {
    await withStandIn(
      () => ({ status: 502, body: { message: 'Bad gateway' } }),
      async (credentials) => {
        expect(
          (await failure(activeCampaignClient.subscribe(contextFor(credentials), '2', lead()))).kind,
        ).toBe('retryable');
      },
    );
    await withStandIn(
      () => ({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>Maintenance</html>' }),
      async (credentials) => {
        expect((await failure(activeCampaignClient.checkStatus(contextFor(credentials)))).kind).toBe(
          'retryable',
        );
        expect(
          (await failure(activeCampaignClient.subscribe(contextFor(credentials), '2', lead()))).kind,
        ).toBe('retryable');
      },
    );
    await withStandIn(
      (request) => {
        if (request.path === '/api/3/users/me') return { status: 200, body: { user: { id: '1' } } };
        if (request.path === '/api/3/contact/sync') return { status: 200, body: { contact: { id: '9' } } };
        return { status: 403, body: { message: 'This list is locked' } };
      },
      async (credentials) => {
        const error = await failure(activeCampaignClient.subscribe(contextFor(credentials), '2', lead()));
        expect(error.kind).toBe('permanent');
        expect(error.message).toContain('This list is locked');
      },
    );
  });
});
