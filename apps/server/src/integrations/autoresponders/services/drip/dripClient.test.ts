import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ClientContext,
  type ConnectContext,
  ServiceError,
  type SubscriberLead,
} from '../../autoresponderClient';
import { readServiceSettings } from '../../serviceSettings';
import { localHttp } from '../clientTestSupport';
import { type DripCredentials, dripClient } from './dripClient';
import { createDripFake, type DripFake } from './dripFake';
import { DRIP_USER_AGENT } from './dripHttp';

const http = localHttp;
const redirectUri = 'https://quizbeam.test/oauth/drip/callback';

const lead: SubscriberLead = {
  email: 'Ana.Silva@example.com',
  name: 'Ana Maria Silva',
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

/** Opens the authorize page as a browser would and follows "Allow": the code it sends back. */
async function allow(url: string): Promise<{ code: string; state: string | null }> {
  const page = await http.request({ url });
  const href = /<a href="([^"]+)">Allow<\/a>/.exec(page.bodyText)?.[1];
  if (!href) throw new Error(`no Allow link in ${page.bodyText.slice(0, 200)}`);
  const back = new URL(href.replaceAll('&#38;', '&'));
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') };
}

describe('dripClient against the local Drip fake', () => {
  let fake: DripFake;
  let connectContext: ConnectContext;
  let credentials: DripCredentials;
  const context = (over: Partial<DripCredentials> = {}): ClientContext<DripCredentials> => ({
    ...connectContext,
    credentials: { ...credentials, ...over },
    saveCredentials: async () => {},
  });

  beforeAll(async () => {
    fake = await createDripFake();
    connectContext = { http, settings: readServiceSettings('drip', fake.env), now: () => new Date() };
    const url = dripClient.authorizeUrl(connectContext.settings, { state: 'state-1', redirectUri });
    const { code, state } = await allow(url);
    expect(state).toBe('state-1');
    credentials = await dripClient.exchangeCode(connectContext, { code, redirectUri });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => fake.setOptions({ requestsPerSecond: 0 }));

  it('builds the authorize URL and exchanges the code for a token and the first account id', () => {
    const url = new URL(dripClient.authorizeUrl(connectContext.settings, { state: 's', redirectUri }));
    expect(`${url.origin}${url.pathname}`).toBe(fake.env.DRIP_AUTHORIZE_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: fake.env.DRIP_CLIENT_ID,
      redirect_uri: redirectUri,
      state: 's',
    });
    expect(dripClient.pkce).toBe(false);
    expect(credentials.accountId).toBe('9999999');
    expect(credentials.accessToken).toMatch(/^drip_/);
    expect(dripClient.credentialsSchema.parse(credentials)).toEqual(credentials);
  });

  it('refuses a used code, another redirect URI or a wrong client secret permanently', async () => {
    const url = dripClient.authorizeUrl(connectContext.settings, { state: 's', redirectUri });
    const { code } = await allow(url);
    const otherRedirect = await failure(
      dripClient.exchangeCode(connectContext, { code, redirectUri: `${redirectUri}x` }),
    );
    expect(otherRedirect.kind).toBe('permanent');
    expect(otherRedirect.message).toContain('Drip did not accept the authorization');
    // The code was spent by the failed try.
    expect((await failure(dripClient.exchangeCode(connectContext, { code, redirectUri }))).kind).toBe(
      'permanent',
    );
    const { code: fresh } = await allow(url);
    const wrongSecret = {
      ...connectContext,
      settings: { ...connectContext.settings, clientSecret: 'wrong' },
    };
    expect((await failure(dripClient.exchangeCode(wrongSecret, { code: fresh, redirectUri }))).kind).toBe(
      'permanent',
    );
  });

  it('checks the status with a User-Agent and lists campaigns, workflows and tags only across pages', async () => {
    await dripClient.checkStatus(context());
    expect(fake.lastUserAgent()).toBe(DRIP_USER_AGENT);
    expect(await dripClient.listTargets(context())).toEqual([
      { id: 'campaign:101', displayName: 'Campaign: Welcome Series' },
      { id: 'campaign:102', displayName: 'Campaign: Quiz Follow-up' },
      { id: 'campaign:103', displayName: 'Campaign: Product Tips' },
      { id: 'workflow:201', displayName: 'Workflow: New Lead Nurture' },
      { id: 'workflow:202', displayName: 'Workflow: Onboarding' },
      { id: 'tags-only', displayName: 'Tags only (no campaign)' },
    ]);
  });

  it('upserts the lead with tags and fields, starts it on the campaign, and twice is one contact', async () => {
    const result = await dripClient.subscribe(context(), 'campaign:102', lead);
    expect(result.statusCode).toBe(201);
    await dripClient.subscribe(context(), 'campaign:102', lead);
    await dripClient.subscribe(context(), 'workflow:201', { ...lead, name: null, tags: ['quizbeam'] });
    const held = fake.contacts().filter((contact) => contact.email === 'ana.silva@example.com');
    expect(held).toEqual([
      {
        email: 'ana.silva@example.com',
        name: 'Ana Maria Silva',
        tags: ['quizbeam', 'quiz: Which plan fits you?', 'outcome: Pro'],
        fields: { quiz_name: 'Which plan fits you?', outcome: 'Pro', score: '7' },
        targetIds: ['campaign:102', 'workflow:201'],
      },
    ]);
  });

  it('sends a score field only for scored quizzes: a general quiz’s lead has none', async () => {
    await dripClient.subscribe(context(), 'tags-only', {
      ...lead,
      email: 'general@example.com',
      score: null,
    });
    expect(fake.contacts().find((contact) => contact.email === 'general@example.com')?.fields).toEqual({
      quiz_name: 'Which plan fits you?',
      outcome: 'Pro',
    });
  });

  it('tags only: the upsert alone', async () => {
    const result = await dripClient.subscribe(context(), 'tags-only', {
      ...lead,
      email: 'bo@example.com',
      name: 'Bo',
    });
    expect(result.statusCode).toBe(200);
    expect(fake.contacts().find((contact) => contact.email === 'bo@example.com')).toMatchObject({
      name: 'Bo',
      tags: lead.tags,
      targetIds: [],
    });
  });

  it('refuses an invalid email, an unknown campaign or a malformed target permanently', async () => {
    const invalid = await failure(
      dripClient.subscribe(context(), 'tags-only', { ...lead, email: 'not-an-email' }),
    );
    expect(invalid).toMatchObject({ kind: 'permanent', details: { statusCode: 422 } });
    expect(invalid.message).toContain('Drip refused the address');
    const unknown = await failure(dripClient.subscribe(context(), 'campaign:999', lead));
    expect(unknown).toMatchObject({ kind: 'permanent', details: { statusCode: 404 } });
    expect(unknown.message).toContain('this campaign');
    expect((await failure(dripClient.subscribe(context(), 'list:1', lead))).kind).toBe('permanent');
  });

  it('treats 429 (with its JSON message), 5xx, a busy subscriber and an HTML answer as retryable', async () => {
    fake.setOptions({ requestsPerSecond: 1 });
    const results = await Promise.allSettled([
      dripClient.checkStatus(context()),
      dripClient.checkStatus(context()),
    ]);
    fake.setOptions({ requestsPerSecond: 0 });
    const limited = results.find((result) => result.status === 'rejected');
    const reason = limited?.status === 'rejected' ? limited.reason : null;
    expect(reason).toBeInstanceOf(ServiceError);
    expect(reason).toMatchObject({ kind: 'retryable', details: { statusCode: 429, retryAfterMs: 1000 } });
    expect((reason as ServiceError).message).toContain('API rate limit exceeded');

    fake.failNext({ status: 503, body: { errors: [{ code: 'server_error', message: 'Unavailable' }] } });
    expect((await failure(dripClient.subscribe(context(), 'tags-only', lead))).kind).toBe('retryable');
    fake.failNext({
      status: 422,
      body: {
        errors: [
          { code: 'rate_limit_error', message: 'Too many concurrent requests for the same subscriber' },
        ],
      },
    });
    expect(await failure(dripClient.subscribe(context(), 'tags-only', lead))).toMatchObject({
      kind: 'retryable',
      details: { retryAfterMs: 1000 },
    });
    fake.failNext({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: '<html>Maintenance</html>',
    });
    expect((await failure(dripClient.subscribe(context(), 'tags-only', lead))).kind).toBe('retryable');
  });

  it('answers unauthorized for a token Drip does not know, and for every token after revokeAll', async () => {
    expect((await failure(dripClient.checkStatus(context({ accessToken: 'unknown' })))).kind).toBe(
      'unauthorized',
    );
    fake.revokeAll();
    expect((await failure(dripClient.checkStatus(context()))).kind).toBe('unauthorized');
    expect((await failure(dripClient.subscribe(context(), 'campaign:101', lead))).kind).toBe('unauthorized');
  });
});
