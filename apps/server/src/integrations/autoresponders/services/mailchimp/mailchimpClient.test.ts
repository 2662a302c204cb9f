import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ClientContext, ServiceError, type SubscriberLead } from '../../autoresponderClient';
import { readServiceSettings, type ServiceSettings } from '../../serviceSettings';
import { localHttp } from '../clientTestSupport';
import { type MailchimpCredentials, mailchimpClient } from './mailchimpClient';
import { type MailchimpFake, startMailchimpFake } from './mailchimpFake';

const http = localHttp;
const REDIRECT_URI = 'http://127.0.0.1:3000/oauth/mailchimp/callback';

let fake: MailchimpFake;
let settings: ServiceSettings;
let credentials: MailchimpCredentials;

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

const context = (): ClientContext<MailchimpCredentials> => ({
  http,
  settings,
  credentials,
  saveCredentials: async () => {},
  now,
});

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

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  fake = await startMailchimpFake();
  settings = readServiceSettings('mailchimp', fake.env);
  const url = mailchimpClient.authorizeUrl(settings, { state: 'state-123', redirectUri: REDIRECT_URI });
  const { code, state } = await authorize(url);
  expect(state).toBe('state-123');
  credentials = await mailchimpClient.exchangeCode(
    { http, settings, now },
    { code, redirectUri: REDIRECT_URI },
  );
});

afterAll(async () => {
  await fake.close();
  await http.close();
});

beforeEach(() => fake.setOptions({ requestsPerSecond: 0 }));

describe('mailchimpClient against its fake', () => {
  it('connects by OAuth and finds the API endpoint from the token metadata', () => {
    expect(mailchimpClient.credentialsSchema.parse(credentials)).toEqual(credentials);
    expect(credentials.apiBaseUrl).toBe(`${fake.server.url}/3.0`);
    expect(credentials.dc).toBe('fake1');
  });

  it('refuses a code used twice or sent with another redirect URI', async () => {
    const { code } = await authorize(
      mailchimpClient.authorizeUrl(settings, { state: 's', redirectUri: REDIRECT_URI }),
    );
    const wrongRedirect = await failure(
      mailchimpClient.exchangeCode(
        { http, settings, now },
        { code, redirectUri: 'http://127.0.0.1:3000/other' },
      ),
    );
    expect(wrongRedirect.kind).toBe('permanent');
    const reused = await failure(
      mailchimpClient.exchangeCode({ http, settings, now }, { code, redirectUri: REDIRECT_URI }),
    );
    expect(reused.kind).toBe('permanent');
  });

  it('checks the status and lists every audience across pages', async () => {
    await expect(mailchimpClient.checkStatus(context())).resolves.toBeUndefined();
    const targets = await mailchimpClient.listTargets(context());
    expect(targets).toEqual(fake.targets.map((target) => ({ id: target.id, displayName: target.name })));
    expect(targets).toHaveLength(3);
  });

  it('upserts the same lead twice into one member with its name and tags', async () => {
    const audienceId = fake.targets[1]?.id ?? '';
    const first = await mailchimpClient.subscribe(context(), audienceId, lead('Ana.Upsert@Example.com'));
    expect(first.statusCode).toBe(200);
    await mailchimpClient.subscribe(
      context(),
      audienceId,
      lead('ana.upsert@example.com', { outcomeName: 'The Doer' }),
    );
    const matching = fake
      .contacts()
      .filter((contact) => contact.email.toLowerCase() === 'ana.upsert@example.com');
    expect(matching).toHaveLength(1);
    expect(matching[0]).toMatchObject({ name: 'Ana', fields: { FNAME: 'Ana' }, targetIds: [audienceId] });
    expect(matching[0]?.tags).toEqual(
      expect.arrayContaining([
        'quizbeam',
        'quiz: Which plan fits you?',
        'outcome: The Planner',
        'outcome: The Doer',
      ]),
    );
  });

  it('keeps an existing name when the lead comes without one', async () => {
    const audienceId = fake.targets[0]?.id ?? '';
    await mailchimpClient.subscribe(context(), audienceId, lead('named@example.com'));
    await mailchimpClient.subscribe(context(), audienceId, lead('named@example.com', { name: null }));
    expect(fake.contacts().find((contact) => contact.email === 'named@example.com')?.name).toBe('Ana');
  });

  it('refuses an invalid address and an unknown audience as permanent', async () => {
    const invalid = await failure(
      mailchimpClient.subscribe(context(), fake.targets[0]?.id ?? '', lead('not-an-email@x')),
    );
    expect(invalid.kind).toBe('permanent');
    expect(invalid.message).toMatch(/^Mailchimp refused the address/);
    const unknown = await failure(mailchimpClient.subscribe(context(), 'nosuchlist', lead('b@example.com')));
    expect(unknown.kind).toBe('permanent');
    expect(unknown.details.statusCode).toBe(404);
  });

  it('answers retryable with a wait when rate limited', async () => {
    fake.setOptions({ requestsPerSecond: 1 });
    await mailchimpClient.checkStatus(context());
    const limited = await failure(mailchimpClient.checkStatus(context()));
    expect(limited.kind).toBe('retryable');
    expect(limited.details.statusCode).toBe(429);
    expect(limited.details.retryAfterMs).toBeGreaterThan(0);
  });

  it('answers retryable on a 5xx and on an HTML page instead of JSON', async () => {
    fake.answerNext({ status: 503, headers: { 'content-type': 'text/html' }, body: '<html>Down</html>' });
    const outage = await failure(
      mailchimpClient.subscribe(context(), fake.targets[0]?.id ?? '', lead('c@example.com')),
    );
    expect(outage.kind).toBe('retryable');
    fake.answerNext({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>Welcome</html>' });
    const html = await failure(mailchimpClient.listTargets(context()));
    expect(html.kind).toBe('retryable');
  });

  it('answers unauthorized once the grant is revoked', async () => {
    fake.revokeAll();
    const revoked = await failure(mailchimpClient.checkStatus(context()));
    expect(revoked.kind).toBe('unauthorized');
    const subscribe = await failure(
      mailchimpClient.subscribe(context(), fake.targets[0]?.id ?? '', lead('d@example.com')),
    );
    expect(subscribe.kind).toBe('unauthorized');
  });
});
