import { type ErasedVisitor, NO_LEADS_WITH_EMAIL_TEXT } from '@quizbeam/contracts/visitorData';
import { analyticsVisits } from '@quizbeam/db/analyticsSchema';
import type { Database } from '@quizbeam/db/database';
import { leadDeliveries } from '@quizbeam/db/deliverySchema';
import { dataErasures } from '@quizbeam/db/measurementSchema';
import { leads, visitorEvents } from '@quizbeam/db/schema';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../shared/appError';

export interface Eraser {
  accountId: string;
  userId: string;
}

/**
 * Erases one person from the caller's account: every lead with the address (compared without case, as
 * leads store it normalised), their visits' events and per-visit analytics rows, and their deliveries with
 * the attempts (by cascade from the lead). All of it, with the audit row, in one transaction: a failure
 * part-way leaves the person as they were rather than half erased.
 */
export async function eraseVisitor(db: Database, eraser: Eraser, email: string): Promise<ErasedVisitor> {
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: leads.id, quizId: leads.quizId, visitId: leads.visitId })
      .from(leads)
      .where(and(eq(leads.accountId, eraser.accountId), eq(sql`lower(${leads.email})`, email.toLowerCase())));
    if (found.length === 0) throw new AppError('not_found', NO_LEADS_WITH_EMAIL_TEXT);
    const leadIds = found.map((lead) => lead.id);

    let events = 0;
    for (const [quizId, visitIds] of visitsByQuiz(found)) {
      const erasedEvents = await tx
        .delete(visitorEvents)
        .where(and(eq(visitorEvents.quizId, quizId), inArray(visitorEvents.visitId, visitIds)))
        .returning({ id: visitorEvents.id });
      events += erasedEvents.length;
      // The daily rollup counters stay: they are sums per quiz and day and name nobody. The per-visit row
      // goes, because it holds this person's answers, source and URL fields.
      await tx
        .delete(analyticsVisits)
        .where(and(eq(analyticsVisits.quizId, quizId), inArray(analyticsVisits.visitId, visitIds)));
    }

    // Counted before the leads go: their deliveries (and those deliveries' attempts) leave by cascade.
    const [deliveryCount] = await tx
      .select({ deliveries: count() })
      .from(leadDeliveries)
      .where(inArray(leadDeliveries.leadId, leadIds));
    const deliveries = deliveryCount?.deliveries ?? 0;
    await tx.delete(leads).where(and(eq(leads.accountId, eraser.accountId), inArray(leads.id, leadIds)));

    const erased = { leads: leadIds.length, events, deliveries };
    await tx.insert(dataErasures).values({
      id: crypto.randomUUID(),
      accountId: eraser.accountId,
      userId: eraser.userId,
      ...erased,
    });
    return erased;
  });
}

function visitsByQuiz(found: { quizId: string; visitId: string }[]): Map<string, string[]> {
  const byQuiz = new Map<string, string[]>();
  for (const { quizId, visitId } of found) {
    byQuiz.set(quizId, [...(byQuiz.get(quizId) ?? []), visitId]);
  }
  return byQuiz;
}
