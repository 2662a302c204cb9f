import type { Webhook, WebhookBody } from '@quizbeam/contracts/webhooks';
import type { Database } from '@quizbeam/db/database';
import { webhooks } from '@quizbeam/db/integrationsSchema';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SecretBox } from '../../security/secretBox';
import { notFound } from '../../shared/appError';
import { newWebhookSecret } from './webhookSecret';

/** A webhook with its signing secret: given to the caller once, when made or rotated. */
export interface WebhookWithSecret {
  webhook: Webhook;
  secret: string;
}

const shownColumns = {
  id: webhooks.id,
  name: webhooks.name,
  url: webhooks.url,
  createdAt: webhooks.createdAt,
};

type WebhookRow = { id: string; name: string; url: string; createdAt: Date };

const webhookOf = (row: WebhookRow): Webhook => ({ ...row, createdAt: row.createdAt.toISOString() });

const ownedBy = (accountId: string, webhookId: string) =>
  and(eq(webhooks.id, webhookId), eq(webhooks.accountId, accountId));

export async function listWebhooks(db: Database, accountId: string): Promise<Webhook[]> {
  const rows = await db
    .select(shownColumns)
    .from(webhooks)
    .where(eq(webhooks.accountId, accountId))
    .orderBy(asc(sql`lower(${webhooks.name})`), asc(webhooks.createdAt));
  return rows.map(webhookOf);
}

export async function createWebhook(
  db: Database,
  box: SecretBox,
  accountId: string,
  body: WebhookBody,
): Promise<WebhookWithSecret> {
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhooks)
    .values({
      id: crypto.randomUUID(),
      accountId,
      name: body.name,
      url: body.url,
      secretEncrypted: box.seal(secret),
    })
    .returning(shownColumns);
  if (!row) throw new Error('the webhook was not stored');
  return { webhook: webhookOf(row), secret };
}

/** Another account's webhook, or an unknown id, is a 404. */
export async function updateWebhook(
  db: Database,
  accountId: string,
  webhookId: string,
  body: WebhookBody,
): Promise<Webhook> {
  const [row] = await db
    .update(webhooks)
    .set({ name: body.name, url: body.url, updatedAt: new Date() })
    .where(ownedBy(accountId, webhookId))
    .returning(shownColumns);
  if (!row) throw notFound();
  return webhookOf(row);
}

/** The old secret stops working at once: deliveries from now on are signed with the new one. */
export async function rotateWebhookSecret(
  db: Database,
  box: SecretBox,
  accountId: string,
  webhookId: string,
): Promise<WebhookWithSecret> {
  const secret = newWebhookSecret();
  const [row] = await db
    .update(webhooks)
    .set({ secretEncrypted: box.seal(secret), updatedAt: new Date() })
    .where(ownedBy(accountId, webhookId))
    .returning(shownColumns);
  if (!row) throw notFound();
  return { webhook: webhookOf(row), secret };
}

/** Where to send and how to sign, for a delivery made now. */
export async function findWebhookTarget(
  db: Database,
  box: SecretBox,
  accountId: string,
  webhookId: string,
): Promise<{ id: string; url: string; secret: string }> {
  const [row] = await db
    .select({ id: webhooks.id, url: webhooks.url, secretEncrypted: webhooks.secretEncrypted })
    .from(webhooks)
    .where(ownedBy(accountId, webhookId));
  if (!row) throw notFound();
  return { id: row.id, url: row.url, secret: box.open(row.secretEncrypted) };
}
