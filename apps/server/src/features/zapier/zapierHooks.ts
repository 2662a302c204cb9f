import {
  MAX_ZAPIER_HOOKS,
  ZAPIER_TOO_MANY_HOOKS_TEXT,
  type ZapierHookBody,
} from '@quizbeam/contracts/zapier';
import type { Database } from '@quizbeam/db/database';
import { zapierHooks } from '@quizbeam/db/integrationsSchema';
import { accounts, quizzes } from '@quizbeam/db/schema';
import { and, count, eq } from 'drizzle-orm';
import { AppError, notFound } from '../../shared/appError';

/**
 * Subscribes a Zap to the account's new leads (of one quiz, or all). Another account's quiz, or an
 * unknown one, is a 404; at most MAX_ZAPIER_HOOKS per account, counted under a lock on the account row so
 * that subscriptions at the same moment cannot pass the limit together.
 */
export async function createZapierHook(
  db: Database,
  accountId: string,
  body: ZapierHookBody,
): Promise<{ id: string }> {
  const quizId = body.quizId ?? null;
  return db.transaction(async (tx) => {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
    if (quizId !== null) {
      const [quiz] = await tx
        .select({ id: quizzes.id })
        .from(quizzes)
        .where(and(eq(quizzes.id, quizId), eq(quizzes.accountId, accountId)));
      if (!quiz) throw notFound();
    }
    const [hooks] = await tx
      .select({ total: count() })
      .from(zapierHooks)
      .where(eq(zapierHooks.accountId, accountId));
    if ((hooks?.total ?? 0) >= MAX_ZAPIER_HOOKS)
      throw new AppError('quota_exceeded', ZAPIER_TOO_MANY_HOOKS_TEXT);
    const id = crypto.randomUUID();
    await tx.insert(zapierHooks).values({ id, accountId, quizId, targetUrl: body.targetUrl });
    return { id };
  });
}

/** Unsubscribes a Zap; another account's hook, or one already gone, is a 404. */
export async function deleteZapierHook(db: Database, accountId: string, hookId: string): Promise<void> {
  const deleted = await db
    .delete(zapierHooks)
    .where(and(eq(zapierHooks.id, hookId), eq(zapierHooks.accountId, accountId)))
    .returning({ id: zapierHooks.id });
  if (deleted.length === 0) throw notFound();
}

/** Where a hook delivery goes, or null once the Zap has unsubscribed. */
export async function zapierHookTarget(
  db: Database,
  accountId: string,
  hookId: string,
): Promise<{ targetUrl: string } | null> {
  const [hook] = await db
    .select({ targetUrl: zapierHooks.targetUrl })
    .from(zapierHooks)
    .where(and(eq(zapierHooks.id, hookId), eq(zapierHooks.accountId, accountId)));
  return hook ?? null;
}

/** Zapier said the Zap is off (410): the subscription goes, and with it every later delivery to it. */
export async function removeGoneZapierHook(db: Database, accountId: string, hookId: string): Promise<void> {
  await db.delete(zapierHooks).where(and(eq(zapierHooks.id, hookId), eq(zapierHooks.accountId, accountId)));
}
