import type { Database } from '@quizbeam/db/database';
import { leads } from '@quizbeam/db/schema';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../../shared/appError';

/** Deletes the account's lead of that quiz; its deliveries and their attempts go by cascade. */
export async function deleteLead(
  db: Database,
  accountId: string,
  quizId: string,
  leadId: string,
): Promise<void> {
  const deleted = await db
    .delete(leads)
    .where(and(eq(leads.id, leadId), eq(leads.quizId, quizId), eq(leads.accountId, accountId)))
    .returning({ id: leads.id });
  if (deleted.length === 0) throw notFound();
}
