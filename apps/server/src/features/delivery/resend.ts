import type { Database } from '@quizbeam/db/database';
import { leadDeliveries } from '@quizbeam/db/deliverySchema';
import { and, eq, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import { clearDeliveryAlert } from './deliveryAlerts';
import { markLeadsPending } from './deliveryLedger';
import { announceDeliveries } from './deliverySignal';

/** Deliveries a marketer may send again: those that ended without arriving. */
const RESENDABLE_STATES = ['failed', 'cancelled'] as const;

/**
 * Puts the matching deliveries of the account back in the queue, due now, for a fresh round of retries
 * (their attempt count starts again; the attempts stay in the history), and hides the account's alert for
 * their destinations. Answers the deliveries requeued.
 */
export async function requeueDeliveries(
  db: Database,
  accountId: string,
  which: SQL,
): Promise<{ id: string; leadId: string; destinationKey: string }[]> {
  const now = new Date();
  const requeued = await db
    .update(leadDeliveries)
    .set({
      state: 'pending',
      attempts: 0,
      nextAttemptAt: now,
      lockedUntil: null,
      finishedAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(leadDeliveries.accountId, accountId),
        inArray(leadDeliveries.state, [...RESENDABLE_STATES]),
        which,
      ),
    )
    .returning({
      id: leadDeliveries.id,
      leadId: leadDeliveries.leadId,
      destinationKey: leadDeliveries.destinationKey,
    });
  if (requeued.length === 0) return [];
  await markLeadsPending(db, [...new Set(requeued.map((row) => row.leadId))]);
  await clearDeliveryAlert(db, accountId, [...new Set(requeued.map((row) => row.destinationKey))], now);
  announceDeliveries(db);
  return requeued;
}

/** "Resend" on one delivery: 1 when it was requeued, 0 when it is not the account's or not ended unsent. */
export async function resendDelivery(db: Database, accountId: string, deliveryId: string): Promise<number> {
  return (await requeueDeliveries(db, accountId, eq(leadDeliveries.id, deliveryId))).length;
}

/** "Resend all failed" for a quiz. */
export async function resendFailedDeliveries(
  db: Database,
  accountId: string,
  quizId: string,
): Promise<number> {
  const which = and(eq(leadDeliveries.quizId, quizId), eq(leadDeliveries.state, 'failed')) as SQL;
  return (await requeueDeliveries(db, accountId, which)).length;
}

/**
 * "Try now" on a delivery waiting for its next retry (after an outage is over): it is due at once and its
 * round of retries goes on. One in a worker's hands right now (a live lease) is left alone, or it could
 * arrive twice. Answers the deliveries made due.
 */
export async function retryWaitingNow(
  db: Database,
  accountId: string,
  which: SQL,
): Promise<{ id: string }[]> {
  const now = new Date();
  const due = await db
    .update(leadDeliveries)
    .set({ nextAttemptAt: now, updatedAt: now })
    .where(
      and(
        eq(leadDeliveries.accountId, accountId),
        eq(leadDeliveries.state, 'retrying'),
        or(isNull(leadDeliveries.lockedUntil), lt(leadDeliveries.lockedUntil, now)),
        which,
      ),
    )
    .returning({ id: leadDeliveries.id });
  if (due.length > 0) announceDeliveries(db);
  return due;
}
