import type { Database } from '@quizbeam/db/database';
import { webhooks } from '@quizbeam/db/integrationsSchema';
import { liveQuizzes, publishedSnapshots, quizzes } from '@quizbeam/db/schema';
import { and, asc, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../shared/appError';

export const webhookInUseText = (quizNames: string[]) =>
  `This webhook is used by ${quizNames.map((name) => `"${name}"`).join(', ')}. ` +
  'Remove it from their lead capture settings (and republish them) before deleting it.';

/** A quiz document (or snapshot) that sends its leads to the webhook, as a whole or for one of its outcomes. */
function documentUses(document: SQL | typeof quizzes.document, webhookId: string): SQL {
  const asWhole = JSON.stringify({ leadCaptureSettings: { webhookIds: [webhookId] } });
  const forAnOutcome = JSON.stringify({ outcomes: [{ leadCaptureSettings: { webhookIds: [webhookId] } }] });
  return sql`(${document} @> ${asWhole}::jsonb or ${document} @> ${forAnOutcome}::jsonb)`;
}

/**
 * The account's quizzes that send leads to the webhook: in the saved quiz, or in the snapshot live now
 * (a quiz edited since it was published still delivers as published).
 */
export async function quizzesUsingWebhook(
  db: Pick<Database, 'select'>,
  accountId: string,
  webhookId: string,
): Promise<string[]> {
  const liveSnapshotUses = exists(
    db
      .select({ one: sql`1` })
      .from(liveQuizzes)
      .innerJoin(publishedSnapshots, eq(publishedSnapshots.id, liveQuizzes.snapshotId))
      .where(
        and(eq(liveQuizzes.quizId, quizzes.id), documentUses(sql`${publishedSnapshots.document}`, webhookId)),
      ),
  );
  const rows = await db
    .select({ name: quizzes.name })
    .from(quizzes)
    .where(
      and(eq(quizzes.accountId, accountId), or(documentUses(quizzes.document, webhookId), liveSnapshotUses)),
    )
    .orderBy(asc(sql`lower(${quizzes.name})`));
  return rows.map((row) => row.name);
}

/** Refused (409 `in_use`, naming the quizzes) while a quiz sends leads there; another account's id is a 404. */
export async function deleteWebhook(db: Database, accountId: string, webhookId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Locks the row, so two deletes (or a delete and a rotate) take turns.
    const [found] = await tx
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(and(eq(webhooks.id, webhookId), eq(webhooks.accountId, accountId)))
      .for('update');
    if (!found) throw notFound();
    const users = await quizzesUsingWebhook(tx, accountId, webhookId);
    if (users.length > 0) {
      throw new AppError('in_use', webhookInUseText(users), {}, { quizzes: users });
    }
    await tx.delete(webhooks).where(eq(webhooks.id, webhookId));
  });
}
