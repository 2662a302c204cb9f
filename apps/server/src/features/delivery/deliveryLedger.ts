import type { Database } from '@quizbeam/db/database';
import { deliveryAttempts, type deliveryDestinationTypes, leadDeliveries } from '@quizbeam/db/deliverySchema';
import { leads } from '@quizbeam/db/schema';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { raiseDeliveryAlert } from './deliveryAlerts';
import type { NextStep } from './retrySchedule';

/** A delivery a worker holds until `lockedUntil`: only the holder of that exact lease may finish it. */
export interface ClaimedDelivery {
  id: string;
  leadId: string;
  accountId: string;
  quizId: string;
  destinationType: (typeof deliveryDestinationTypes)[number];
  destinationKey: string;
  destinationName: string;
  destination: unknown;
  idempotencyKey: string;
  attempts: number;
  createdAt: Date;
  lockedUntil: Date;
}

export type DestinationType = ClaimedDelivery['destinationType'];

/**
 * Takes up to `limit` due deliveries for `leaseMs`. SKIP LOCKED lets several workers claim side by side
 * without waiting for or taking each other's rows; the lease makes a claim outlive its transaction, so a
 * worker that dies mid-delivery leaves the row to be claimed again once the lease has passed.
 */
export async function claimDueDeliveries(
  db: Database,
  input: { now: Date; leaseMs: number; limit: number; destinationTypes: readonly DestinationType[] },
): Promise<ClaimedDelivery[]> {
  const { now, limit } = input;
  if (limit <= 0 || input.destinationTypes.length === 0) return [];
  const lockedUntil = new Date(now.getTime() + input.leaseMs);
  const due = db
    .select({ id: leadDeliveries.id })
    .from(leadDeliveries)
    .where(
      and(
        inArray(leadDeliveries.state, ['pending', 'retrying']),
        inArray(leadDeliveries.destinationType, [...input.destinationTypes]),
        lte(leadDeliveries.nextAttemptAt, now),
        or(isNull(leadDeliveries.lockedUntil), lt(leadDeliveries.lockedUntil, now)),
      ),
    )
    .orderBy(asc(leadDeliveries.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(leadDeliveries)
    .set({ lockedUntil, updatedAt: now })
    .where(inArray(leadDeliveries.id, due))
    .returning({
      id: leadDeliveries.id,
      leadId: leadDeliveries.leadId,
      accountId: leadDeliveries.accountId,
      quizId: leadDeliveries.quizId,
      destinationType: leadDeliveries.destinationType,
      destinationKey: leadDeliveries.destinationKey,
      destinationName: leadDeliveries.destinationName,
      destination: leadDeliveries.destination,
      idempotencyKey: leadDeliveries.idempotencyKey,
      attempts: leadDeliveries.attempts,
      createdAt: leadDeliveries.createdAt,
    });
  return claimed.map((row) => ({ ...row, lockedUntil }));
}

/** One attempt as it is recorded. */
export interface AttemptRecord {
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

/** The lead's summary in `leads.delivery_status`, from its deliveries: pending while any is still to try. */
const leadSummary = (leadId: string) => sql`
  update leads set delivery_status = case
    when exists (select 1 from lead_deliveries where lead_id = ${leadId}::uuid and state in ('pending', 'retrying'))
      then 'pending'
    when exists (select 1 from lead_deliveries where lead_id = ${leadId}::uuid and state = 'failed') then 'failed'
    else 'delivered' end
  where id = ${leadId}::uuid`;

/**
 * Records the attempt and moves the delivery on (raising the destination's alert when it failed for good), in one transaction, only while this worker still holds
 * the lease it claimed with (same lease, same attempt count). False when the lease was lost: another worker
 * has the delivery, and this attempt's result is left out so the delivery is counted once.
 */
export async function finishAttempt(
  db: Database,
  delivery: ClaimedDelivery,
  attempt: AttemptRecord,
  step: NextStep,
  now: Date,
): Promise<boolean> {
  const finished = step.state !== 'retrying';
  return db.transaction(async (tx) => {
    // The lead's row first: two deliveries of one lead finishing at once take turns, so the second one's
    // summary sees the first one's state (a single UPDATE's subqueries would read the snapshot from before).
    if (finished) await tx.execute(sql`select 1 from leads where id = ${delivery.leadId}::uuid for update`);
    const updated = await tx
      .update(leadDeliveries)
      .set({
        state: step.state,
        attempts: delivery.attempts + 1,
        nextAttemptAt: step.state === 'retrying' ? step.nextAttemptAt : now,
        lockedUntil: null,
        lastError: step.state === 'delivered' ? null : (attempt.error ?? `HTTP ${attempt.statusCode ?? '?'}`),
        updatedAt: now,
        finishedAt: finished ? now : null,
      })
      .where(
        and(
          eq(leadDeliveries.id, delivery.id),
          eq(leadDeliveries.lockedUntil, delivery.lockedUntil),
          eq(leadDeliveries.attempts, delivery.attempts),
        ),
      )
      .returning({ id: leadDeliveries.id });
    if (updated.length === 0) return false;
    await tx.insert(deliveryAttempts).values({ deliveryId: delivery.id, ...attempt });
    if (finished) await tx.execute(leadSummary(delivery.leadId));
    if (step.state === 'failed') await raiseDeliveryAlert(tx, delivery, now);
    return true;
  });
}

/** Hands a claimed delivery back untried (the worker is stopping before it started). */
export async function releaseClaim(db: Database, delivery: ClaimedDelivery): Promise<void> {
  await db
    .update(leadDeliveries)
    .set({ lockedUntil: null })
    .where(and(eq(leadDeliveries.id, delivery.id), eq(leadDeliveries.lockedUntil, delivery.lockedUntil)));
}

/** Sets the lead summaries of these leads back to pending (a resend). */
export async function markLeadsPending(db: Database, leadIds: string[]): Promise<void> {
  if (leadIds.length === 0) return;
  await db.update(leads).set({ deliveryStatus: 'pending' }).where(inArray(leads.id, leadIds));
}
