import { createHash } from 'node:crypto';
import { usageLimitMessage } from '@quizbeam/contracts/account';
import { errorBodySchema } from '@quizbeam/contracts/errors';
import {
  listConnectionsEndpoint,
  oauthAuthUrlEndpoint,
  saveConnectionNameEndpoint,
} from '@quizbeam/contracts/integrations';
import { leadDeliveries } from '@quizbeam/db/deliverySchema';
import { integrationConnections, oauthStates } from '@quizbeam/db/integrationsSchema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../../shared/secureTokens';
import { resetStubs, STUB_CLIENTS, stub, waitingApiDelivery } from '../../testing/integrations';
import {
  APP_ORIGIN,
  endpointCaller,
  type SignedInAccount,
  sessionCookieFrom,
  startTestApp,
  type TestApp,
  tokenOf,
} from '../../testing/testApp';
import { expectLimitRefusal, setLimitOverrides } from '../../testing/usageLimits';
import { ServiceError } from './autoresponders/autoresponderClient';
import { MAX_PENDING_STATES_PER_SESSION } from './oauthStates';

const AUTHORIZE_URL = 'https://login.mailchimp.test/oauth2/authorize';

const errorOf = (answer: { json(): unknown }) => errorBodySchema.parse(answer.json()).error;

let t: TestApp;
beforeAll(async () => {
  vi.stubEnv('MAILCHIMP_CLIENT_ID', 'quizbeam-app');
  vi.stubEnv('MAILCHIMP_CLIENT_SECRET', 'app-secret');
  vi.stubEnv('MAILCHIMP_AUTHORIZE_URL', AUTHORIZE_URL);
  t = await startTestApp({}, { autoresponderClients: STUB_CLIENTS });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await t?.close();
});
beforeEach(resetStubs);

const CALLBACK = '/oauth/autoresponders/mailchimp/callback';

async function authUrl(
  account: SignedInAccount,
  body: { connectionId?: string } = {},
  service = 'mailchimp',
) {
  return account.send(oauthAuthUrlEndpoint, { params: { account: account.accountId, service }, body });
}

/** The state the authorize URL carries, as the service will send it back. */
async function startedState(account: SignedInAccount, body: { connectionId?: string } = {}): Promise<string> {
  const { url } = (await authUrl(account, body)).data();
  const state = new URL(url).searchParams.get('state');
  if (!state) throw new Error('no state in the authorize URL');
  return state;
}

/** Round trips started in the same millisecond have no order: tests that need one wait a little. */
const aMomentLater = () => new Promise((resolve) => setTimeout(resolve, 5));

const saveName = (account: SignedInAccount, connectionName: string) =>
  account.send(saveConnectionNameEndpoint, { body: { connectionName } });

/** The service sending the browser back; answers where the callback redirected it. */
async function callback(cookie: string | null, query: Record<string, string>) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${CALLBACK}?${new URLSearchParams(query)}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode).toBe(302);
  const location = new URL(String(response.headers.location), 'http://localhost');
  return { path: location.pathname, reason: location.searchParams.get('reason') };
}

const connectionsOf = async (account: SignedInAccount) =>
  (await account.send(listConnectionsEndpoint, { params: { account: account.accountId } })).data().items;

const storedRow = async (id: string) =>
  (await t.context.db.select().from(integrationConnections).where(eq(integrationConnections.id, id)))[0];

/** The same user signed in a second time: another session. */
async function secondSession(account: SignedInAccount): Promise<SignedInAccount> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { origin: APP_ORIGIN },
    payload: { email: account.email, password: 'correct horse' },
  });
  const cookie = sessionCookieFrom(login);
  return { ...account, cookie, send: endpointCaller(t.app, { cookie, origin: APP_ORIGIN }) };
}

describe('OAuth connect', () => {
  it('auth-url → save-connection-name → callback makes the named connection, credentials sealed', async () => {
    const account = await t.signIn();
    const answer = (await authUrl(account)).data();
    expect(answer.redirectUrlWithoutExtraParameters).toBe(`${t.context.config.appUrl}${CALLBACK}`);
    const url = new URL(answer.url);
    expect(`${url.origin}${url.pathname}`).toBe(AUTHORIZE_URL);
    expect(url.searchParams.get('client_id')).toBe('quizbeam-app');
    expect(url.searchParams.get('redirect_uri')).toBe(answer.redirectUrlWithoutExtraParameters);
    const state = url.searchParams.get('state') ?? '';
    expect(Buffer.from(state, 'base64url')).toHaveLength(32);

    const [stored] = await t.context.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, hashToken(state)));
    expect(stored).toMatchObject({
      sessionTokenHash: hashToken(tokenOf(account.cookie)),
      service: 'mailchimp',
      usedAt: null,
    });
    expect(JSON.stringify(stored)).not.toContain(state);
    expect(stored?.expiresAt.getTime()).toBeCloseTo(Date.now() + 10 * 60 * 1000, -4);

    expect((await saveName(account, 'Main audience')).data()).toEqual({ ok: true });
    expect(await callback(account.cookie, { code: 'code-1', state })).toEqual({
      path: '/integrations/mailchimp/auth-success',
      reason: null,
    });

    // PKCE: the verifier sent with the code is the one the challenge was made from.
    const [[, exchanged]] = stub.exchangeCode.mock.calls as [
      [string, { code: string; redirectUri: string; codeVerifier?: string }],
    ];
    expect(exchanged).toMatchObject({
      code: 'code-1',
      redirectUri: answer.redirectUrlWithoutExtraParameters,
    });
    const challenge = createHash('sha256')
      .update(exchanged.codeVerifier ?? '')
      .digest('base64url');
    expect(url.searchParams.get('code_challenge')).toBe(challenge);

    const [connection] = await connectionsOf(account);
    expect(connection).toMatchObject({
      displayName: 'Main audience',
      serviceName: 'mailchimp',
      state: 'active',
    });
    const row = await storedRow(connection?.id ?? '');
    expect(row?.credentialsEncrypted).not.toContain('token-for-code-1');
    expect(JSON.parse(t.context.secretBox.open(row?.credentialsEncrypted ?? ''))).toEqual({
      token: 'token-for-code-1',
    });
  });

  it('names the connection after the service when no name was saved, and sends no PKCE to a service without it', async () => {
    const account = await t.signIn();
    vi.stubEnv('AWEBER_CLIENT_ID', 'id');
    vi.stubEnv('AWEBER_CLIENT_SECRET', 'secret');
    const { url } = (await authUrl(account, {}, 'aweber')).data();
    expect(new URL(url).searchParams.has('code_challenge')).toBe(false);
    const state = new URL(url).searchParams.get('state') ?? '';
    const back = await t.app.inject({
      method: 'GET',
      url: `/oauth/autoresponders/aweber/callback?code=c&state=${state}`,
      headers: { cookie: account.cookie },
    });
    expect(back.headers.location).toBe('/integrations/aweber/auth-success');
    expect(stub.exchangeCode.mock.calls[0]?.[1]).not.toHaveProperty('codeVerifier');
    expect((await connectionsOf(account)).map((item) => item.displayName)).toEqual(['AWeber']);
  });

  it('refuses a replayed state', async () => {
    const account = await t.signIn();
    const state = await startedState(account);
    expect((await callback(account.cookie, { code: 'c', state })).path).toBe(
      '/integrations/mailchimp/auth-success',
    );
    const replay = await callback(account.cookie, { code: 'c', state });
    expect(replay.path).toBe('/integrations/mailchimp/auth-failed');
    expect(replay.reason).toContain('already used');
    expect(await connectionsOf(account)).toHaveLength(1);
  });

  it("refuses a state from another session (even the same user's) and keeps it for its own", async () => {
    const account = await t.signIn();
    const state = await startedState(account);
    const other = await secondSession(account);
    const fromOther = await callback(other.cookie, { code: 'c', state });
    expect([fromOther.path, fromOther.reason]).toEqual([
      '/integrations/mailchimp/auth-failed',
      expect.stringContaining('another browser session'),
    ]);
    const stranger = await t.signIn();
    expect((await callback(stranger.cookie, { code: 'c', state })).path).toBe(
      '/integrations/mailchimp/auth-failed',
    );
    const signedOut = await callback(null, { code: 'c', state });
    expect([signedOut.path, signedOut.reason]).toEqual([
      '/integrations/mailchimp/auth-failed',
      expect.stringContaining('signed out'),
    ]);
    expect(stub.exchangeCode).not.toHaveBeenCalled();
    expect(await connectionsOf(account)).toHaveLength(0);
    expect((await callback(account.cookie, { code: 'c', state })).path).toBe(
      '/integrations/mailchimp/auth-success',
    );
  });

  it('refuses an expired state, a state for another service, and an unknown one', async () => {
    const account = await t.signIn();
    const state = await startedState(account);
    await t.context.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.stateHash, hashToken(state)));
    const expired = await callback(account.cookie, { code: 'c', state });
    expect([expired.path, expired.reason]).toEqual([
      '/integrations/mailchimp/auth-failed',
      expect.stringContaining('10 minutes'),
    ]);

    const fresh = await startedState(account);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/oauth/autoresponders/drip/callback?code=c&state=${fresh}`,
      headers: { cookie: account.cookie },
    });
    expect(String(elsewhere.headers.location)).toMatch(/^\/integrations\/drip\/auth-failed\?reason=/);
    expect((await callback(account.cookie, { code: 'c', state: 'made-up' })).reason).toContain('not known');
    expect(stub.exchangeCode).not.toHaveBeenCalled();
    expect(await connectionsOf(account)).toHaveLength(0);
  });

  it('handles access_denied, and uses the state up', async () => {
    const account = await t.signIn();
    const state = await startedState(account);
    const denied = await callback(account.cookie, { error: 'access_denied', state });
    expect([denied.path, denied.reason]).toEqual([
      '/integrations/mailchimp/auth-failed',
      'Access to your MailChimp account was not allowed, so it was not connected.',
    ]);
    expect((await callback(account.cookie, { code: 'c', state })).reason).toContain('already used');
    expect(stub.exchangeCode).not.toHaveBeenCalled();
  });

  it("passes on the service's refusal of the code, and the state stays used", async () => {
    const account = await t.signIn();
    const state = await startedState(account);
    stub.exchangeCode.mockRejectedValueOnce(
      new ServiceError('permanent', 'MailChimp refused the authorization code.'),
    );
    const refused = await callback(account.cookie, { code: 'bad', state });
    expect(refused).toEqual({
      path: '/integrations/mailchimp/auth-failed',
      reason: 'MailChimp refused the authorization code.',
    });
    expect((await callback(account.cookie, { code: 'good', state })).reason).toContain('already used');
    expect(await connectionsOf(account)).toHaveLength(0);
  });

  it('reconnects a connection: new credentials, active again, its waiting deliveries due now', async () => {
    const account = await t.signIn();
    await callback(account.cookie, { code: 'first', state: await startedState(account) });
    const [connection] = await connectionsOf(account);
    const id = connection?.id ?? '';
    await t.context.db
      .update(integrationConnections)
      .set({ state: 'inactive' })
      .where(eq(integrationConnections.id, id));
    const deliveryId = await waitingApiDelivery(t, account, id);

    const state = await startedState(account, { connectionId: id });
    expect(await callback(account.cookie, { code: 'second', state })).toMatchObject({
      path: '/integrations/mailchimp/auth-success',
    });
    expect(await connectionsOf(account)).toEqual([{ ...connection, state: 'active' }]);
    expect(JSON.parse(t.context.secretBox.open((await storedRow(id))?.credentialsEncrypted ?? ''))).toEqual({
      token: 'token-for-second',
    });
    const [delivery] = await t.context.db
      .select()
      .from(leadDeliveries)
      .where(eq(leadDeliveries.id, deliveryId));
    expect(delivery?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("answers 404 for another account's connection, an API-key service and an unknown one", async () => {
    const owner = await t.signIn();
    await callback(owner.cookie, { code: 'c', state: await startedState(owner) });
    const [connection] = await connectionsOf(owner);
    const stranger = await t.signIn();
    expect((await authUrl(stranger, { connectionId: connection?.id ?? '' })).statusCode).toBe(404);
    expect((await authUrl(owner, {}, 'convertkit')).statusCode).toBe(404);
    expect(
      (await owner.call('POST', `/accounts/${owner.accountId}/autoresponders/hubspot/oauth/auth-url`, {}))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: '/oauth/autoresponders/hubspot/callback?code=c&state=s' })).statusCode,
    ).toBe(404);
  });

  it('says which settings are missing when the service is not set up on this server', async () => {
    const account = await t.signIn();
    vi.stubEnv('DRIP_CLIENT_ID', '');
    const response = await authUrl(account, {}, 'drip');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toBe(
      'Drip is not set up on this server: set DRIP_CLIENT_ID and DRIP_CLIENT_SECRET.',
    );
  });
});

describe('save-connection-name', () => {
  it("names only this session's newest round trip in flight, and 404s without one", async () => {
    const account = await t.signIn();
    expect((await saveName(account, 'Nothing started')).statusCode).toBe(404);
    const older = await startedState(account);
    await aMomentLater();
    const newer = await startedState(account);
    const other = await secondSession(account);
    expect((await saveName(other, 'Other session')).statusCode).toBe(404);
    await saveName(account, 'Newest');
    const names = await t.context.db
      .select({ stateHash: oauthStates.stateHash, name: oauthStates.connectionName })
      .from(oauthStates)
      .where(eq(oauthStates.sessionTokenHash, hashToken(tokenOf(account.cookie))));
    expect(Object.fromEntries(names.map((row) => [row.stateHash, row.name]))).toEqual({
      [hashToken(older)]: null,
      [hashToken(newer)]: 'Newest',
    });
    expect((await saveName(account, 'Bad name!')).statusCode).toBe(400);
  });

  it(`keeps at most ${MAX_PENDING_STATES_PER_SESSION} round trips per session, forgetting the oldest`, async () => {
    const account = await t.signIn();
    const first = await startedState(account);
    await aMomentLater();
    for (let index = 0; index < MAX_PENDING_STATES_PER_SESSION + 4; index += 1) await startedState(account);
    const rows = await t.context.db
      .select({ stateHash: oauthStates.stateHash })
      .from(oauthStates)
      .where(eq(oauthStates.sessionTokenHash, hashToken(tokenOf(account.cookie))));
    expect(rows).toHaveLength(MAX_PENDING_STATES_PER_SESSION);
    expect(rows.map((row) => row.stateHash)).not.toContain(hashToken(first));
    expect((await callback(account.cookie, { code: 'c', state: first })).reason).toContain('not known');
  });
});

describe('OAuth connect and the integrations limit', () => {
  it('refuses to start a new connection at the limit, but starts a reconnect', async () => {
    const account = await t.signIn();
    const state = await startedState(account);
    await callback(account.cookie, { code: 'code-limit', state });
    const [existing] = await connectionsOf(account);
    await setLimitOverrides(t, account.accountId, { integrations: 1 });
    expectLimitRefusal(await authUrl(account), usageLimitMessage('integrations', 1));
    expect((await authUrl(account, { connectionId: existing?.id ?? '' })).statusCode).toBe(200);
  });

  it('does not connect when the limit was reached while the user was at the service, and says why', async () => {
    const account = await t.signIn();
    const state = await startedState(account);
    await setLimitOverrides(t, account.accountId, { integrations: 0 });
    expect(await callback(account.cookie, { code: 'code-late', state })).toEqual({
      path: '/integrations/mailchimp/auth-failed',
      reason: usageLimitMessage('integrations', 0),
    });
    expect(await connectionsOf(account)).toEqual([]);
  });
});
