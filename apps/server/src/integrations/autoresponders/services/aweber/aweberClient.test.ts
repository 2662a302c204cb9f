import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ClientContext, ServiceError, type SubscriberLead } from '../../autoresponderClient';
import { readServiceSettings, type ServiceSettings } from '../../serviceSettings';
import { localHttp } from '../clientTestSupport';
import { type AweberCredentials, aweberClient } from './aweberClient';
import { type AweberFake, startAweberFake } from './aweberFake';

const http = localHttp;
const REDIRECT_URI = 'http://127.0.0.1:3000/oauth/aweber/callback';

let fake: AweberFake;
let settings: ServiceSettings;
let connected: AweberCredentials;

const now = () => new Date();

const lead = (email: string, overrides: Partial<SubscriberLead> = {}): SubscriberLead => ({
  email,
  name: 'Ana',
  quizName: 'Which plan fits you?',
  outcomeName: 'The Planner',
  score: 7,
  idempotencyKey: `key-${email}`,
  ...overrides,
  // As the delivery sender builds them: the quiz and the outcome are tags.
  tags: ['quizbeam', 'quiz: Which plan fits you?', `outcome: ${overrides.outcomeName ?? 'The Planner'}`],
});

/** A client context whose saved credentials a test can read back. */
function contextWith(credentials: AweberCredentials) {
  const saved: AweberCredentials[] = [];
  const context: ClientContext<AweberCredentials> = {
    http,
    settings,
    credentials,
    saveCredentials: async (next) => {
      saved.push(next);
    },
    now,
  };
  return { context, saved };
}

/** Follows the fake's consent page the way a person clicks Allow, and answers the code it hands back. */
async function authorize(url: string): Promise<{ code: string; state: string }> {
  const page = await (await fetch(url)).text();
  const allowHref = /<a href="([^"]+)">Allow<\/a>/.exec(page)?.[1];
  if (!allowHref) throw new Error(`no Allow link in ${page}`);
  const callback = new URL(
    allowHref.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
  );
  return { code: callback.searchParams.get('code') ?? '', state: callback.searchParams.get('state') ?? '' };
}

async function connect(): Promise<AweberCredentials> {
  const codeVerifier = randomBytes(32).toString('base64url');
  const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
  const url = aweberClient.authorizeUrl(settings, {
    state: 'state-1',
    redirectUri: REDIRECT_URI,
    codeChallenge,
  });
  const { code, state } = await authorize(url);
  expect(state).toBe('state-1');
  return aweberClient.exchangeCode(
    { http, settings, now },
    { code, redirectUri: REDIRECT_URI, codeVerifier },
  );
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

const listId = (index: number) => fake.targets[index]?.id ?? '';

beforeAll(async () => {
  fake = await startAweberFake();
  settings = readServiceSettings('aweber', fake.env);
  connected = await connect();
});

afterAll(async () => {
  await fake.close();
  await http.close();
});

beforeEach(() => fake.setOptions({ requestsPerSecond: 0 }));

describe('aweberClient against its fake', () => {
  it('connects with PKCE and stores the account id and the token expiry', () => {
    expect(aweberClient.credentialsSchema.parse(connected)).toEqual(connected);
    expect(connected.accountId).toBe('1234567');
    const lifetimeMs = Date.parse(connected.expiresAt) - Date.now();
    expect(lifetimeMs).toBeGreaterThan(110 * 60 * 1000);
    expect(lifetimeMs).toBeLessThanOrEqual(120 * 60 * 1000);
  });

  it('refuses a wrong PKCE verifier', async () => {
    const challenge = createHash('sha256').update('the-right-verifier').digest('base64url');
    const url = aweberClient.authorizeUrl(settings, {
      state: 's',
      redirectUri: REDIRECT_URI,
      codeChallenge: challenge,
    });
    const { code } = await authorize(url);
    const refused = await failure(
      aweberClient.exchangeCode(
        { http, settings, now },
        { code, redirectUri: REDIRECT_URI, codeVerifier: 'a-wrong-verifier' },
      ),
    );
    expect(refused.kind).toBe('permanent');
  });

  it('checks the status and lists every list across pages', async () => {
    const { context } = contextWith(connected);
    await expect(aweberClient.checkStatus(context)).resolves.toBeUndefined();
    const targets = await aweberClient.listTargets(context);
    expect(targets).toEqual(fake.targets.map((target) => ({ id: target.id, displayName: target.name })));
    expect(targets).toHaveLength(3);
  });

  it('upserts the same lead twice into one subscriber with its name and tags', async () => {
    const { context } = contextWith(connected);
    const first = await aweberClient.subscribe(context, listId(1), lead('ana.upsert@example.com'));
    expect(first.statusCode).toBe(201);
    expect(first.responseExcerpt).toMatch(/\/subscribers\/\d+$/);
    await aweberClient.subscribe(
      context,
      listId(1),
      lead('ana.upsert@example.com', { outcomeName: 'The Doer' }),
    );
    const matching = fake.contacts().filter((contact) => contact.email === 'ana.upsert@example.com');
    expect(matching).toHaveLength(1);
    expect(matching[0]).toMatchObject({ name: 'Ana', targetIds: [listId(1)] });
    expect(matching[0]?.tags).toEqual(
      expect.arrayContaining([
        'quizbeam',
        'quiz: Which plan fits you?',
        'outcome: The Planner',
        'outcome: The Doer',
      ]),
    );
  });

  it('refuses an invalid address and an unknown list as permanent', async () => {
    const { context } = contextWith(connected);
    const invalid = await failure(aweberClient.subscribe(context, listId(0), lead('not-an-email@x')));
    expect(invalid.kind).toBe('permanent');
    expect(invalid.message).toMatch(/^AWeber refused the address/);
    const unknown = await failure(aweberClient.subscribe(context, '999', lead('b@example.com')));
    expect(unknown.kind).toBe('permanent');
    expect(unknown.details.statusCode).toBe(404);
  });

  it('treats the 403 "Rate Limit Error" as retryable after a wait', async () => {
    const { context } = contextWith(connected);
    fake.setOptions({ requestsPerSecond: 1 });
    await aweberClient.checkStatus(context);
    const limited = await failure(aweberClient.subscribe(context, listId(0), lead('c@example.com')));
    expect(limited.kind).toBe('retryable');
    expect(limited.details.statusCode).toBe(403);
    expect(limited.details.retryAfterMs).toBe(60_000);
  });

  it('answers retryable on a 5xx and on an HTML page instead of JSON', async () => {
    const { context } = contextWith(connected);
    fake.answerNext({
      status: 503,
      body: { error: { status: 503, type: 'ServiceUnavailableError', message: 'API Unavailable' } },
    });
    const outage = await failure(aweberClient.subscribe(context, listId(0), lead('d@example.com')));
    expect(outage.kind).toBe('retryable');
    fake.answerNext({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>Welcome</html>' });
    const html = await failure(aweberClient.listTargets(context));
    expect(html.kind).toBe('retryable');
    fake.answerNext({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>Welcome</html>' });
    const htmlOnSubscribe = await failure(aweberClient.subscribe(context, listId(0), lead('d@example.com')));
    expect(htmlOnSubscribe.kind).toBe('retryable');
  });

  it('refreshes an expired token after a 401, saves it and goes on', async () => {
    const { context, saved } = contextWith(connected);
    fake.expireTokens();
    await aweberClient.subscribe(context, listId(2), lead('refresh@example.com'));
    expect(saved).toHaveLength(1);
    expect(saved[0]?.accessToken).not.toBe(connected.accessToken);
    expect(fake.contacts().some((contact) => contact.email === 'refresh@example.com')).toBe(true);
    connected = saved[0] ?? connected;
  });

  it('refreshes before the call when the stored expiry has passed', async () => {
    const { context, saved } = contextWith({
      ...connected,
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    await aweberClient.checkStatus(context);
    expect(saved).toHaveLength(1);
    expect(Date.parse(saved[0]?.expiresAt ?? '')).toBeGreaterThan(Date.now());
  });

  it('answers unauthorized once the grant is revoked', async () => {
    fake.revokeAll();
    const { context, saved } = contextWith(connected);
    const revoked = await failure(aweberClient.checkStatus(context));
    expect(revoked.kind).toBe('unauthorized');
    expect(saved).toHaveLength(0);
  });
});
