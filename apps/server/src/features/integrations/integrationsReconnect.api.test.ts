import { listConnectionsEndpoint } from '@quizbeam/contracts/integrations';
import { leadDeliveries } from '@quizbeam/db/deliverySchema';
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
  waitingApiDelivery,
} from '../../testing/integrations';
import { type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';
import { ServiceError } from './autoresponders/autoresponderClient';

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

/* Reconnecting by API key (the OAuth reconnect is in integrationsOAuth.api.test.ts). */

describe('reconnecting by API key', () => {
  it('replaces the credentials, turns the connection active and wakes its waiting deliveries', async () => {
    const account = await t.signIn();
    const connection = await connected(account, 'Kit', 'old-key');
    stub.checkStatus.mockRejectedValueOnce(new ServiceError('unauthorized', 'The API secret was revoked.'));
    expect((await statusOf(account, 'convertkit', connection.id)).data()).toEqual({
      active: false,
      reason: 'The API secret was revoked.',
    });
    const deliveryId = await waitingApiDelivery(t, account, connection.id);

    const before = Date.now();
    const again = await connect(account, 'convertkit', {
      connectionName: 'Kit again',
      apiKey: 'new-key',
      connectionId: connection.id,
    });
    expect(again.data()).toEqual({ ...connection, displayName: 'Kit again', state: 'active' });
    const row = await storedRow(t, connection.id);
    expect(JSON.parse(t.context.secretBox.open(row?.credentialsEncrypted ?? ''))).toEqual({
      token: 'new-key',
    });
    const [delivery] = await t.context.db
      .select()
      .from(leadDeliveries)
      .where(eq(leadDeliveries.id, deliveryId));
    expect(delivery?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(delivery?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const items = (
      await account.send(listConnectionsEndpoint, { params: { account: account.accountId } })
    ).data().items;
    expect(items).toHaveLength(1);
  });

  it("answers 404 for another account's connection or another service's", async () => {
    const mine = await connected(owner);
    const theirs = await connect(stranger, 'convertkit', {
      connectionName: 'Mine now',
      apiKey: 'k',
      connectionId: mine.id,
    });
    expect(theirs.statusCode).toBe(404);
    const otherService = await connect(owner, 'platformly', {
      connectionName: 'P',
      apiKey: 'k',
      connectionId: mine.id,
    });
    expect(otherService.statusCode).toBe(404);
    expect(
      JSON.parse(t.context.secretBox.open((await storedRow(t, mine.id))?.credentialsEncrypted ?? '')),
    ).toEqual({
      token: 'ck-secret-1',
    });
  });
});
