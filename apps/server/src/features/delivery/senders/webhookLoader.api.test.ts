import { randomUUID } from 'node:crypto';
import { webhooks } from '@quizbeam/db/integrationsSchema';
import { accounts } from '@quizbeam/db/schema';
import { openTestDatabase } from '@quizbeam/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../security/secretBox';
import { createWebhookLoader, UnreadableWebhookSecretError } from './webhookLoader';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const serverSecret = 'a server secret of at least thirty-two characters';

async function accountWithWebhook(secretEncrypted: string) {
  const accountId = randomUUID();
  const webhookId = randomUUID();
  await database.db.insert(accounts).values({ id: accountId, name: 'Acme' });
  await database.db
    .insert(webhooks)
    .values({ id: webhookId, accountId, name: 'CRM', url: 'https://crm.example.com/hook', secretEncrypted });
  return { accountId, webhookId };
}

describe('createWebhookLoader', () => {
  it("reads the webhook's URL and opens its secret, for its own account only", async () => {
    const box = createSecretBox(serverSecret);
    const { accountId, webhookId } = await accountWithWebhook(box.seal('whsec_c2VjcmV0'));
    const load = createWebhookLoader(database.db, box);
    expect(await load({ accountId, webhookId })).toEqual({
      url: 'https://crm.example.com/hook',
      secret: 'whsec_c2VjcmV0',
    });
    expect(await load({ accountId: randomUUID(), webhookId })).toBeNull();
    expect(await load({ accountId, webhookId: randomUUID() })).toBeNull();
  });

  it('says so when the secret was sealed under another server secret', async () => {
    const { accountId, webhookId } = await accountWithWebhook(
      createSecretBox('another server secret, also long enough').seal('whsec_c2VjcmV0'),
    );
    const load = createWebhookLoader(database.db, createSecretBox(serverSecret));
    await expect(load({ accountId, webhookId })).rejects.toBeInstanceOf(UnreadableWebhookSecretError);
  });
});
