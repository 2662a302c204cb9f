import type { LeadAttempts } from '@quizbeam/contracts/leads';
import type { Database } from '@quizbeam/db/database';
import { deliveryAttempts, leadDeliveries } from '@quizbeam/db/deliverySchema';
import { leads } from '@quizbeam/db/schema';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { notFound } from '../../shared/appError';
import { leadDeliveryOf } from './listQuizLeads';

/** Each delivery of the account's lead (of that quiz) with its attempts, oldest first; 404 for any other lead. */
export async function findLeadAttempts(
  db: Database,
  accountId: string,
  quizId: string,
  leadId: string,
): Promise<LeadAttempts> {
  const [lead] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.quizId, quizId), eq(leads.accountId, accountId)));
  if (!lead) throw notFound();
  const deliveries = await db
    .select()
    .from(leadDeliveries)
    .where(eq(leadDeliveries.leadId, leadId))
    .orderBy(asc(leadDeliveries.createdAt), asc(leadDeliveries.destinationName), asc(leadDeliveries.id));
  const attempts = deliveries.length
    ? await db
        .select()
        .from(deliveryAttempts)
        .where(
          inArray(
            deliveryAttempts.deliveryId,
            deliveries.map((delivery) => delivery.id),
          ),
        )
        .orderBy(asc(deliveryAttempts.startedAt), asc(deliveryAttempts.id))
    : [];
  return {
    deliveries: deliveries.map((delivery) => ({
      ...leadDeliveryOf(delivery),
      attemptLog: attempts
        .filter((attempt) => attempt.deliveryId === delivery.id)
        .map((attempt) => ({
          id: attempt.id,
          startedAt: attempt.startedAt.toISOString(),
          durationMs: attempt.durationMs,
          statusCode: attempt.statusCode,
          error: attempt.error,
          responseExcerpt: attempt.responseExcerpt,
        })),
    })),
  };
}
