import type { LeadDelivery } from '@quizbeam/contracts/leads';
import type { Database } from '@quizbeam/db/database';
import { leadDeliveries } from '@quizbeam/db/schema';
import { and, eq, type SQL } from 'drizzle-orm';
import { requeueDeliveries, resendFailedDeliveries } from '../../delivery/resend';
import { AppError, notFound } from '../../http/appError';
import { findLeadsQuiz } from './leadsQuiz';
import { leadDeliveryOf } from './listQuizLeads';

/*
 * Only failed deliveries are resent from the Leads tab: one still pending or retrying may be in a worker's
 * hands right now (its lease is live), and taking it back would deliver it twice.
 */

/** Resends the account's failed delivery of that quiz; 404 for any other delivery, 409 when it has not failed. */
export async function resendQuizDelivery(
  db: Database,
  accountId: string,
  quizId: string,
  deliveryId: string,
): Promise<LeadDelivery> {
  const ofQuiz = and(eq(leadDeliveries.id, deliveryId), eq(leadDeliveries.quizId, quizId)) as SQL;
  const [resent] = await requeueDeliveries(
    db,
    accountId,
    and(ofQuiz, eq(leadDeliveries.state, 'failed')) as SQL,
  );
  const [current] = await db
    .select()
    .from(leadDeliveries)
    .where(and(ofQuiz, eq(leadDeliveries.accountId, accountId)));
  if (!current) throw notFound();
  if (!resent) {
    throw new AppError('conflict', `Only a failed delivery can be resent; this one is ${current.state}.`);
  }
  return leadDeliveryOf(current);
}

/** Resends every failed delivery of the account's quiz (404 for any other quiz); answers how many. */
export async function resendFailedQuizDeliveries(
  db: Database,
  accountId: string,
  quizId: string,
): Promise<number> {
  await findLeadsQuiz(db, accountId, quizId);
  return resendFailedDeliveries(db, accountId, quizId);
}
