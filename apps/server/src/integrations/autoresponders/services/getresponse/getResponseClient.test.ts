import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHandler, startFakeServer } from '../../../fakes/fakeHttp';
import type { ServiceFake } from '../../../fakes/serviceFake';
import { type ClientContext, ServiceError, type SubscriberLead } from '../../autoresponderClient';
import { readServiceSettings, type ServiceSettings } from '../../serviceSettings';
import { localHttp } from '../clientTestSupport';
import type { GetResponseCredentials } from './getResponseApi';
import { getResponseClient } from './getResponseClient';
import { startGetResponseFake } from './getResponseFake';

const http = localHttp;
const redirectUri = 'https://quizbeam.test/oauth/callback';

let fake: ServiceFake;
let settings: ServiceSettings;

beforeAll(async () => {
  fake = await startGetResponseFake();
  settings = readServiceSettings('getresponse', fake.env);
});
afterAll(async () => {
  await fake.close();
  await http.close();
});

const lead = (overrides: Partial<SubscriberLead> = {}): SubscriberLead => ({
  email: 'ana@example.com',
  name: 'Ana Lopez',
  quizName: 'Pet Quiz',
  outcomeName: 'Cat person',
  score: 7,
  tags: ['quizbeam', 'quiz: Pet Quiz', 'outcome: Cat person'],
  idempotencyKey: 'lead-1:destination-1',
  ...overrides,
});

/** Clicks "Allow" on the fake's consent page as a browser would and exchanges the code. */
async function connect(): Promise<GetResponseCredentials> {
  const url = getResponseClient.authorizeUrl(settings, { state: 'state-123', redirectUri });
  const page = await (await fetch(url)).text();
  const allowHref = /href="([^"]+)">Allow</.exec(page)?.[1] ?? '';
  const allow = new URL(
    allowHref.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
  );
  expect(allow.searchParams.get('state')).toBe('state-123');
  const code = allow.searchParams.get('code') ?? '';
  return getResponseClient.exchangeCode({ http, settings, now: () => new Date() }, { code, redirectUri });
}

function contextFor(credentials: GetResponseCredentials, overrides: Partial<ServiceSettings> = {}) {
  const saved: GetResponseCredentials[] = [];
  const context: ClientContext<GetResponseCredentials> = {
    http,
    settings: { ...settings, ...overrides },
    credentials,
    saveCredentials: async (next) => {
      saved.push(next);
      context.credentials = next;
    },
    now: () => new Date(),
  };
  return { context, saved };
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

/** A stand-in API that answers every call the same way (outages, proxies). */
async function withStandIn(handler: FakeHandler, run: (settings: Partial<ServiceSettings>) => Promise<void>) {
  const standIn = await startFakeServer(handler);
  try {
    await run({ apiUrl: `${standIn.url}/v3` });
  } finally {
    await standIn.close();
  }
}

describe('getResponseClient against its fake', () => {
  it('connects through the authorize page, checks the status and lists the campaigns', async () => {
    const url = new URL(getResponseClient.authorizeUrl(settings, { state: 's', redirectUri }));
    expect(url.searchParams.get('client_id')).toBe(fake.env.GETRESPONSE_CLIENT_ID);
    expect(url.searchParams.get('response_type')).toBe('code');
    const credentials = await connect();
    expect(getResponseClient.credentialsSchema.parse(credentials)).toEqual(credentials);
    const { context } = contextFor(credentials);
    await expect(getResponseClient.checkStatus(context)).resolves.toBeUndefined();
    const targets = await getResponseClient.listTargets(context);
    expect(targets).toEqual(fake.targets.map((target) => ({ id: target.id, displayName: target.name })));
  });

  it('refuses a code that was already used', async () => {
    const url = getResponseClient.authorizeUrl(settings, { state: 's', redirectUri });
    const page = await (await fetch(url)).text();
    const code = /code=([^&"]+)/.exec(page)?.[1] ?? '';
    const connectContext = { http, settings, now: () => new Date() };
    await getResponseClient.exchangeCode(connectContext, { code, redirectUri });
    const error = await failure(getResponseClient.exchangeCode(connectContext, { code, redirectUri }));
    expect(error.kind).toBe('permanent');
  });

  it('follows TotalPages across campaign pages', async () => {
    const pages: Record<string, { campaignId: string; name: string }[]> = {
      '1': [{ campaignId: 'a', name: 'First' }],
      '2': [{ campaignId: 'b', name: 'Second' }],
    };
    await withStandIn(
      (request) => ({
        status: 200,
        headers: { TotalPages: '2' },
        body: pages[request.query.get('page') ?? ''] ?? [],
      }),
      async (overrides) => {
        const { context } = contextFor(await connect(), overrides);
        expect(await getResponseClient.listTargets(context)).toEqual([
          { id: 'a', displayName: 'First' },
          { id: 'b', displayName: 'Second' },
        ]);
      },
    );
  });

  it('subscribes a lead once with its tags and score, and updates it on a repeat', async () => {
    const { context } = contextFor(await connect());
    const campaignId = fake.targets[1]?.id ?? '';
    const first = await getResponseClient.subscribe(context, campaignId, lead());
    expect(first.statusCode).toBe(202);
    const again = await getResponseClient.subscribe(
      context,
      campaignId,
      lead({ name: 'Ana L', score: 9, tags: ['quizbeam', 'quiz: Pet Quiz', 'outcome: Dog person'] }),
    );
    expect(again.statusCode).toBe(200);
    const stored = fake.contacts().filter((contact) => contact.email === 'ana@example.com');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: 'Ana L', fields: { scoring: '9' }, targetIds: [campaignId] });
    expect(stored[0]?.tags.sort()).toEqual([
      'outcome_Cat_person',
      'outcome_Dog_person',
      'quiz_Pet_Quiz',
      'quizbeam',
    ]);
  });

  it('refuses an invalid email and an unknown campaign as permanent', async () => {
    const { context } = contextFor(await connect());
    const badEmail = await failure(
      getResponseClient.subscribe(context, fake.targets[0]?.id ?? '', lead({ email: 'not-an-email' })),
    );
    expect(badEmail.kind).toBe('permanent');
    expect(badEmail.message).toContain('GetResponse refused the contact');
    const unknown = await failure(
      getResponseClient.subscribe(context, 'nope', lead({ email: 'bo@example.com' })),
    );
    expect(unknown.kind).toBe('permanent');
  });

  it('refreshes an expired token, saves it and goes on', async () => {
    const credentials = await connect();
    const { context, saved } = contextFor(credentials);
    fake.expireTokens();
    await getResponseClient.subscribe(context, fake.targets[0]?.id ?? '', lead({ email: 'cy@example.com' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]?.accessToken).not.toBe(credentials.accessToken);
    expect(fake.contacts().some((contact) => contact.email === 'cy@example.com')).toBe(true);

    // A token the stored expiry says has lapsed is refreshed before the call.
    const stale = contextFor({
      ...(saved[0] as GetResponseCredentials),
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    await getResponseClient.checkStatus(stale.context);
    expect(stale.saved).toHaveLength(1);
  });

  it('answers unauthorized once the grant is revoked', async () => {
    const { context } = contextFor(await connect());
    fake.revokeAll();
    expect((await failure(getResponseClient.checkStatus(context))).kind).toBe('unauthorized');
    const error = await failure(getResponseClient.subscribe(context, fake.targets[0]?.id ?? '', lead()));
    expect(error.kind).toBe('unauthorized');
  });

  it('waits out a 429 code 1015 for X-RateLimit-Reset', async () => {
    const { context } = contextFor(await connect());
    fake.setOptions({ requestsPerSecond: 1 });
    try {
      await getResponseClient.checkStatus(context);
      const error = await failure(getResponseClient.checkStatus(context));
      expect(error.kind).toBe('retryable');
      expect(error.details.retryAfterMs).toBe(1000);
    } finally {
      fake.setOptions({ requestsPerSecond: undefined });
    }
  });

  it('retries a 5xx and an HTML page instead of JSON', async () => {
    const credentials = await connect();
    await withStandIn(
      () => ({ status: 503, body: { httpStatus: 503, code: 1, message: 'Internal error' } }),
      async (overrides) => {
        const error = await failure(
          getResponseClient.subscribe(contextFor(credentials, overrides).context, 'x', lead()),
        );
        expect(error.kind).toBe('retryable');
        expect(error.details.statusCode).toBe(503);
      },
    );
    await withStandIn(
      () => ({
        status: 200,
        headers: { 'content-type': 'text/html' },
        body: '<html><body>Maintenance</body></html>',
      }),
      async (overrides) => {
        const context = contextFor(credentials, overrides).context;
        expect((await failure(getResponseClient.checkStatus(context))).kind).toBe('retryable');
        expect((await failure(getResponseClient.listTargets(context))).kind).toBe('retryable');
      },
    );
  });
});
