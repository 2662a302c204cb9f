import { type DeliveryAlert, deliveryAlertSchema } from '@quizbeam/contracts/leads';
import type { Database } from '@quizbeam/db/database';
import { deliveryAlerts } from '@quizbeam/db/deliverySchema';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { notFound } from '../../shared/appError';

const alertRowsSchema = z.object({
  rows: z.array(
    z.object({
      destination_key: z.string(),
      destination_name: z.string(),
      destination_type: deliveryAlertSchema.shape.destinationType,
      quiz_id: z.string(),
      quiz_name: z.string(),
      waiting_leads: z.coerce.number(),
      last_failed_at: z.coerce.date(),
      reason: z.enum(['failed', 'reconnect']),
    }),
  ),
});

/**
 * The account's destinations with deliveries that failed for good and still wait, unless the alert was
 * dismissed after the latest failure. A Resend leaves nothing failed, which ends the alert by itself.
 */
export async function listActiveDeliveryAlerts(db: Database, accountId: string): Promise<DeliveryAlert[]> {
  const result = await db.execute(sql`
    select * from (
    select alert.destination_key, latest.destination_name, latest.destination_type, latest.quiz_id,
      quiz.name as quiz_name, waiting.leads as waiting_leads, alert.last_failed_at, alert.reason
    from delivery_alerts alert
    cross join lateral (
      select delivery.destination_name, delivery.destination_type, delivery.quiz_id
      from lead_deliveries delivery
      where delivery.account_id = alert.account_id and delivery.state = 'failed'
        and delivery.destination_key = alert.destination_key
      order by delivery.finished_at desc nulls last, delivery.updated_at desc
      limit 1) latest
    cross join lateral (
      select count(*)::int as leads
      from lead_deliveries delivery
      where delivery.account_id = alert.account_id and delivery.state = 'failed'
        and delivery.destination_key = alert.destination_key) waiting
    join quizzes quiz on quiz.id = latest.quiz_id and quiz.account_id = alert.account_id
    where alert.account_id = ${accountId}::uuid and alert.reason = 'failed'
      and (alert.dismissed_at is null or alert.dismissed_at < alert.last_failed_at)
    union all
    select alert.destination_key, connection.display_name, 'api', latest.quiz_id, quiz.name,
      waiting.leads, alert.last_failed_at, alert.reason
    from delivery_alerts alert
    join integration_connections connection
      on 'connection:' || connection.id::text = alert.destination_key and connection.account_id = alert.account_id
    cross join lateral (
      select delivery.quiz_id from lead_deliveries delivery
      where delivery.account_id = alert.account_id and delivery.destination_type = 'api'
        and delivery.destination->>'connectionId' = connection.id::text
      order by delivery.created_at desc limit 1) latest
    cross join lateral (
      select count(*)::int as leads from lead_deliveries delivery
      where delivery.account_id = alert.account_id and delivery.destination_type = 'api'
        and delivery.state in ('pending', 'retrying')
        and delivery.destination->>'connectionId' = connection.id::text) waiting
    join quizzes quiz on quiz.id = latest.quiz_id and quiz.account_id = alert.account_id
    where alert.account_id = ${accountId}::uuid and alert.reason = 'reconnect'
      and (alert.dismissed_at is null or alert.dismissed_at < alert.last_failed_at)
    ) alerts
    order by last_failed_at desc, destination_key`);
  return alertRowsSchema.parse(result).rows.map((row) => ({
    destinationKey: row.destination_key,
    destinationName: row.destination_name,
    destinationType: row.destination_type,
    quiz: { id: row.quiz_id, name: row.quiz_name },
    waitingLeads: row.waiting_leads,
    lastFailedAt: row.last_failed_at.toISOString(),
    reason: row.reason,
  }));
}

/** Hides the account's alert for that destination until it fails again. */
export async function dismissDeliveryAlert(
  db: Database,
  accountId: string,
  destinationKey: string,
): Promise<void> {
  const dismissed = await db
    .update(deliveryAlerts)
    .set({ dismissedAt: sql`now()` })
    .where(and(eq(deliveryAlerts.accountId, accountId), eq(deliveryAlerts.destinationKey, destinationKey)))
    .returning({ key: deliveryAlerts.destinationKey });
  if (dismissed.length === 0) throw notFound();
}
