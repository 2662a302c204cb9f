import type { Database } from '@quizbeam/db/database';
import { webhooks } from '@quizbeam/db/integrationsSchema';
import { and, eq } from 'drizzle-orm';
import type { SecretBox } from '../../../security/secretBox';
import type { WebhookEndpoint } from './webhookSender';

/** The stored secret cannot be opened (the server's secret changed): no retry helps, rotating the secret does. */
export class UnreadableWebhookSecretError extends Error {}

export type LoadWebhook = (ref: { accountId: string; webhookId: string }) => Promise<WebhookEndpoint | null>;

/** Reads a webhook's URL and opens its secret at each attempt; null when the account no longer has it. */
export function createWebhookLoader(db: Database, secretBox: SecretBox): LoadWebhook {
  return async ({ accountId, webhookId }) => {
    const [row] = await db
      .select({ url: webhooks.url, secretEncrypted: webhooks.secretEncrypted })
      .from(webhooks)
      .where(and(eq(webhooks.id, webhookId), eq(webhooks.accountId, accountId)))
      .limit(1);
    if (!row) return null;
    let secret: string;
    try {
      secret = secretBox.open(row.secretEncrypted);
    } catch (error) {
      throw new UnreadableWebhookSecretError('The webhook secret cannot be read.', { cause: error });
    }
    return { url: row.url, secret };
  };
}
