import { htmlFormInUseText } from '@quizbeam/contracts/htmlForms';
import type { Database } from '@quizbeam/db/database';
import { htmlForms } from '@quizbeam/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError, notFound } from '../../shared/appError';
import { quizzesUsingHtmlForm } from './quizzesUsingHtmlForm';

/**
 * Deletes the account's form unless a quiz sends its leads to it (409 `in_use`, naming the quizzes).
 * Another account's form, or an unknown id, is a 404. The check and the delete share a transaction.
 */
export async function deleteHtmlForm(db: Database, accountId: string, formId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [form] = await tx
      .select({ id: htmlForms.id })
      .from(htmlForms)
      .where(and(eq(htmlForms.id, formId), eq(htmlForms.accountId, accountId)))
      .for('update');
    if (!form) throw notFound();
    const users = await quizzesUsingHtmlForm(tx, accountId, formId);
    if (users.length > 0) throw new AppError('in_use', htmlFormInUseText(users));
    await tx.delete(htmlForms).where(eq(htmlForms.id, formId));
  });
}
