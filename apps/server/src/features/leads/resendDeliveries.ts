import type { LeadDelivery } from '@quizbeam/contracts/leads';
import type { Database } from '@quizbeam/db/database';
import { leadDeliveries } from '@quizbeam/db/deliverySchema';
import { and, eq, type SQL } from 'drizzle-orm';
import { AppError, notFound } from '../../shared/appError';
import { requeueDeliveries, resendFailedDeliveries, retryWaitingNow } from '../delivery/resend';
import { findLeadsQuiz } from './leadsQuiz';
import { leadDeliveryOf } from './listQuizLeads';

/*
 * From the Leads tab a failed delivery is resent (a fresh round of retries) and one waiting for its next
 * retry is tried now. One pending or in a worker's hands right now (its lease is live) is refused: taking
 * it back could deliver it twice.
 */

/**
 * Resends the account's failed delivery of that quiz, or tries a waiting one now; 404 for any other
 * delivery, 409 for one that is neither.
 */
export async function resendQuizDelivery(
  db: Database,
  accountId: string,
  quizId: string,
  deliveryId: string,
): Promise<LeadDelivery> {
  const ofQuiz = and(eq(leadDeliveries.id, deliveryId), eq(leadDeliveries.quizId, quizId)) as SQL;
  const resent =
    (await requeueDeliveries(db, accountId, and(ofQuiz, eq(leadDeliveries.state, 'failed')) as SQL))[0] ??
    (await retryWaitingNow(db, accountId, ofQuiz))[0];
  const [current] = await db
    .select()
    .from(leadDeliveries)
    .where(and(ofQuiz, eq(leadDeliveries.accountId, accountId)));
  if (!current) throw notFound();
  if (!resent) {
    const now = current.state === 'retrying' ? 'being sent right now' : current.state;
    throw new AppError(
      'conflict',
      `Only a failed delivery, or one waiting for its next retry, can be sent again now; this one is ${now}.`,
    );
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
