import { DEFAULT_USAGE_LIMITS, usageLimitMessage } from '@quizbeam/contracts/account';
import { errorBodySchema } from '@quizbeam/contracts/errors';
import {
  deleteConnectionEndpoint,
  listActiveConnectionsEndpoint,
  listConnectionsEndpoint,
} from '@quizbeam/contracts/integrations';
import { integrationConnections } from '@quizbeam/db/integrationsSchema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  connect,
  connected,
  resetStubs,
  STUB_CLIENTS,
  statusOf,
  storedRow,
  stub,
  targetsOf,
} from '../../testing/integrations';
import { type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';
import { expectLimitRefusal, setLimitOverrides } from '../../testing/usageLimits';
import { ServiceError } from './autoresponders/autoresponderClient';

const errorOf = (answer: { json(): unknown }) => errorBodySchema.parse(answer.json()).error;

let t: TestApp;
let owner: SignedInAccount;
let stranger: SignedInAccount;
beforeAll(async () => {
  t = await startTestApp({}, { autoresponderClients: STUB_CLIENTS });
  owner = await t.signIn();
  stranger = await t.signIn();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(resetStubs);

describe('connecting by API key', () => {
  it('checks the key with the service, stores it sealed, and never answers it', async () => {
    const account = await t.signIn();
    const connection = await connected(account, "Bob's list (2)", 'ck-very-secret');
    expect(connection).toMatchObject({
      displayName: "Bob's list (2)",
      serviceName: 'convertkit',
      state: 'active',
    });
    expect(stub.connect).toHaveBeenCalledWith('convertkit', { apiKey: 'ck-very-secret' });

    const row = await storedRow(t, connection.id);
    expect(row?.credentialsEncrypted).not.toContain('ck-very-secret');
    expect(JSON.parse(t.context.secretBox.open(row?.credentialsEncrypted ?? ''))).toEqual({
      token: 'ck-very-secret',
    });

    const list = await account.send(listConnectionsEndpoint, { params: { account: account.accountId } });
    expect(list.data().items).toEqual([connection]);
    expect(list.body).not.toContain('ck-very-secret');
    expect((await statusOf(account, 'convertkit', connection.id)).body).not.toContain('ck-very-secret');
  });

  it("sends only the service's fields, trimmed", async () => {
    const account = await t.signIn();
    const response = await connect(account, 'sendlane', {
      connectionName: 'Sendlane',
      subdomain: ' acme ',
      apiKey: 'k',
      hashKey: 'h',
      apiUrl: 'https://ignored.example',
    });
    expect(response.statusCode).toBe(200);
    expect(stub.connect).toHaveBeenCalledWith('sendlane', { subdomain: 'acme', apiKey: 'k', hashKey: 'h' });
  });

  it('flags every missing field with its label and asks the service nothing', async () => {
    const account = await t.signIn();
    const sendlane = await connect(account, 'sendlane', {
      connectionName: 'Sendlane',
      apiKey: 'k',
      hashKey: ' ',
    });
    expect(sendlane.statusCode).toBe(400);
    expect(sendlane.json()).toMatchObject({
      code: 'validation_failed',
      fields: { subdomain: 'Please enter the site address.', hashKey: 'Please enter the hash key.' },
    });
    const convertKit = await connect(account, 'convertkit', { connectionName: 'Kit' });
    expect(convertKit.json()).toMatchObject({ fields: { apiKey: 'Please enter the API secret.' } });
    const activeCampaign = await connect(account, 'activecampaign', { connectionName: 'AC', apiKey: 'k' });
    expect(activeCampaign.json()).toMatchObject({ fields: { apiUrl: 'Please enter the API URL.' } });
    expect(stub.connect).not.toHaveBeenCalled();
    expect(
      (await account.send(listConnectionsEndpoint, { params: { account: account.accountId } })).data().items,
    ).toEqual([]);
  });

  it('holds to the connection name rule', async () => {
    const account = await t.signIn();
    for (const connectionName of ['', '   ', 'News!', 'Liste é', 'a/b', 'x'.repeat(101)]) {
      const response = await connect(account, 'convertkit', { connectionName, apiKey: 'k' });
      expect([connectionName, response.statusCode]).toEqual([connectionName, 400]);
    }
    expect(stub.connect).not.toHaveBeenCalled();
    expect(
      (await connect(account, 'convertkit', { connectionName: "Jo's (main) list 2", apiKey: 'k' }))
        .statusCode,
    ).toBe(200);
  });

  it('flags the field the service refused, and stores nothing', async () => {
    const account = await t.signIn();
    stub.connect.mockRejectedValueOnce(new ServiceError('unauthorized', 'The API key is not valid.'));
    const refusedKey = await connect(account, 'convertkit', { connectionName: 'Kit', apiKey: 'wrong' });
    expect(refusedKey.statusCode).toBe(400);
    expect(refusedKey.json()).toEqual({
      code: 'validation_failed',
      error: 'The API key is not valid.',
      fields: { apiKey: 'The API key is not valid.' },
    });
    stub.connect.mockRejectedValueOnce(
      new ServiceError('permanent', 'No ActiveCampaign account answers at this address.', {
        field: 'apiUrl',
      }),
    );
    const refusedUrl = await connect(account, 'activecampaign', {
      connectionName: 'AC',
      apiUrl: 'https://nobody.api-us1.com',
      apiKey: 'k',
    });
    expect(refusedUrl.json()).toMatchObject({
      fields: { apiUrl: 'No ActiveCampaign account answers at this address.' },
    });
    stub.connect.mockRejectedValueOnce(
      new ServiceError('retryable', 'ConvertKit is not answering.', { retryAfterMs: 3000 }),
    );
    const down = await connect(account, 'convertkit', { connectionName: 'Kit', apiKey: 'k' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('3');
    expect(down.json()).not.toHaveProperty('fields');
    expect(
      (await account.send(listConnectionsEndpoint, { params: { account: account.accountId } })).data().items,
    ).toEqual([]);
  });

  it('answers 404 for a service that is unknown or connects by OAuth', async () => {
    const body = { connectionName: 'X', apiKey: 'k' };
    expect(
      (await owner.call('POST', `/accounts/${owner.accountId}/autoresponders/hubspot/apikey`, body))
        .statusCode,
    ).toBe(404);
    expect((await connect(owner, 'mailchimp', body)).statusCode).toBe(404);
    expect(stub.connect).not.toHaveBeenCalled();
  });

  it('refuses a new connection at the integrations limit, before asking the service, and still reconnects', async () => {
    const account = await t.signIn();
    const limit = DEFAULT_USAGE_LIMITS.integrations;
    const credentialsEncrypted = t.context.secretBox.seal('{"token":"x"}');
    const existingId = crypto.randomUUID();
    await t.context.db.insert(integrationConnections).values(
      Array.from({ length: limit }, (_, index) => ({
        id: index === 0 ? existingId : crypto.randomUUID(),
        accountId: account.accountId,
        service: 'convertkit' as const,
        displayName: `Connection ${index}`,
        credentialsEncrypted,
      })),
    );
    const response = await connect(account, 'convertkit', { connectionName: 'One more', apiKey: 'k' });
    expectLimitRefusal(response, usageLimitMessage('integrations', limit));
    expect(stub.connect).not.toHaveBeenCalled();

    // A reconnect replaces the credentials of one it has: never refused by the limit.
    const reconnected = await connect(account, 'convertkit', {
      connectionId: existingId,
      connectionName: 'Connection 0',
      apiKey: 'new-key',
    });
    expect(reconnected.statusCode, reconnected.body).toBe(200);
    expect(reconnected.json()).toMatchObject({ id: existingId });

    // The account's own, higher limit lets one more in.
    await setLimitOverrides(t, account.accountId, { integrations: limit + 1 });
    expect(
      (await connect(account, 'convertkit', { connectionName: 'One more', apiKey: 'k' })).statusCode,
    ).toBe(200);
  });

  it('refuses the first connection when the limit is 0', async () => {
    const account = await t.signIn();
    await setLimitOverrides(t, account.accountId, { integrations: 0 });
    expectLimitRefusal(
      await connect(account, 'convertkit', { connectionName: 'First', apiKey: 'k' }),
      usageLimitMessage('integrations', 0),
    );
    expect(stub.connect).not.toHaveBeenCalled();
  });
});

describe('listing, status, targets and delete', () => {
  it('lists newest first, and only the active ones for the Capture Form', async () => {
    const account = await t.signIn();
    const first = await connected(account, 'First');
    const second = await connected(account, 'Second');
    const third = await connected(account, 'Third');
    stub.checkStatus.mockRejectedValueOnce(new ServiceError('unauthorized', 'Revoked.'));
    await statusOf(account, 'convertkit', second.id);
    const all = (
      await account.send(listConnectionsEndpoint, { params: { account: account.accountId } })
    ).data();
    expect(all.items.map((item) => [item.displayName, item.state])).toEqual([
      ['Third', 'active'],
      ['Second', 'inactive'],
      ['First', 'active'],
    ]);
    const active = (
      await account.send(listActiveConnectionsEndpoint, { params: { account: account.accountId } })
    ).data();
    expect(active.items.map((item) => item.id)).toEqual([third.id, first.id]);
  });

  it('status: a refused key turns it inactive, an outage does not, a working check turns it active again', async () => {
    const account = await t.signIn();
    const connection = await connected(account);
    expect((await statusOf(account, 'convertkit', connection.id)).data()).toEqual({
      active: true,
      reason: null,
    });
    expect(stub.checkStatus).toHaveBeenCalledWith('convertkit', { token: 'ck-secret-1' });

    stub.checkStatus.mockRejectedValueOnce(new ServiceError('retryable', 'ConvertKit answered 503.'));
    expect((await statusOf(account, 'convertkit', connection.id)).data()).toEqual({
      active: false,
      reason: 'ConvertKit answered 503.',
    });
    expect((await storedRow(t, connection.id))?.state).toBe('active');

    stub.checkStatus.mockRejectedValueOnce(new ServiceError('unauthorized', 'The API secret is not valid.'));
    await statusOf(account, 'convertkit', connection.id);
    expect(await storedRow(t, connection.id)).toMatchObject({
      state: 'inactive',
      stateReason: 'The API secret is not valid.',
    });

    expect((await statusOf(account, 'convertkit', connection.id)).data()).toEqual({
      active: true,
      reason: null,
    });
    expect(await storedRow(t, connection.id)).toMatchObject({ state: 'active', stateReason: null });
  });

  it('status: credentials that cannot be opened mean reconnect', async () => {
    const account = await t.signIn();
    const connection = await connected(account);
    await t.context.db
      .update(integrationConnections)
      .set({ credentialsEncrypted: 'v1.garbage' })
      .where(eq(integrationConnections.id, connection.id));
    const status = (await statusOf(account, 'convertkit', connection.id)).data();
    expect(status.active).toBe(false);
    expect(status.reason).toContain('reconnect');
    expect((await storedRow(t, connection.id))?.state).toBe('inactive');
  });

  it("targets: the service's, or its message; a refused key turns the connection inactive", async () => {
    const account = await t.signIn();
    const connection = await connected(account);
    expect((await targetsOf(account, 'convertkit', connection.id)).data()).toEqual({
      targets: [
        { id: 'list-1', displayName: 'Newsletter' },
        { id: 'list-2', displayName: 'Customers' },
      ],
    });
    stub.listTargets.mockRejectedValueOnce(
      new ServiceError('retryable', 'ConvertKit is rate limiting.', { retryAfterMs: 1500 }),
    );
    const limited = await targetsOf(account, 'convertkit', connection.id);
    expect([limited.statusCode, limited.headers['retry-after'], errorOf(limited)]).toEqual([
      503,
      '2',
      'ConvertKit is rate limiting.',
    ]);
    expect((await storedRow(t, connection.id))?.state).toBe('active');
    stub.listTargets.mockRejectedValueOnce(new ServiceError('unauthorized', 'The API secret is not valid.'));
    const refused = await targetsOf(account, 'convertkit', connection.id);
    expect([refused.statusCode, errorOf(refused)]).toEqual([400, 'The API secret is not valid.']);
    expect((await storedRow(t, connection.id))?.state).toBe('inactive');
  });

  it('delete removes the connection and its credentials, once', async () => {
    const account = await t.signIn();
    const connection = await connected(account);
    const remove = () =>
      account.send(deleteConnectionEndpoint, {
        params: { account: account.accountId, service: 'convertkit' },
        body: { connectionId: connection.id },
      });
    expect((await remove()).data()).toEqual({ ok: true });
    expect(await storedRow(t, connection.id)).toBeUndefined();
    expect((await remove()).statusCode).toBe(404);
  });

  it("answers 404 for another account's connection, another service's, and an unknown service", async () => {
    const mine = await connected(owner);
    for (const [account, service] of [
      [stranger, 'convertkit'],
      [owner, 'platformly'],
    ] as const) {
      expect((await statusOf(account, service, mine.id)).statusCode).toBe(404);
      expect((await targetsOf(account, service, mine.id)).statusCode).toBe(404);
      const removed = await account.send(deleteConnectionEndpoint, {
        params: { account: account.accountId, service },
        body: { connectionId: mine.id },
      });
      expect(removed.statusCode).toBe(404);
    }
    // The stranger's own account in the path, the owner's connection id.
    const viaOwnPath = await stranger.call(
      'GET',
      `/accounts/${stranger.accountId}/autoresponders/convertkit/${mine.id}/status`,
    );
    expect(viaOwnPath.statusCode).toBe(404);
    const unknownService = await owner.call(
      'GET',
      `/accounts/${owner.accountId}/autoresponders/hubspot/${mine.id}/status`,
    );
    expect(unknownService.statusCode).toBe(404);
    expect(stub.checkStatus).not.toHaveBeenCalled();
    expect(stub.listTargets).not.toHaveBeenCalled();
    expect(await storedRow(t, mine.id)).toBeDefined();
  });

  it('answers 401 signed out', async () => {
    const paths: [string, string][] = [
      ['GET', `/accounts/${owner.accountId}/autoresponders/connections`],
      ['GET', `/accounts/${owner.accountId}/autoresponders/connections/active`],
      ['POST', `/accounts/${owner.accountId}/autoresponders/convertkit/apikey`],
      ['POST', `/accounts/${owner.accountId}/autoresponders/mailchimp/oauth/auth-url`],
      ['POST', '/oauth/autoresponders/save-connection-name'],
      ['POST', `/accounts/${owner.accountId}/autoresponders/convertkit/connections/delete`],
      ['GET', `/accounts/${owner.accountId}/autoresponders/convertkit/${crypto.randomUUID()}/status`],
      ['GET', `/accounts/${owner.accountId}/autoresponders/convertkit/${crypto.randomUUID()}/targets`],
    ];
    for (const [method, url] of paths) {
      const response = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect([url, response.statusCode]).toEqual([url, 401]);
    }
  });
});
