import type { ScriptEventType } from '@quizbeam/contracts/scripts';
import type { Database } from '@quizbeam/db/database';
import { quizScripts, quizzes } from '@quizbeam/db/schema';
import { and, eq } from 'drizzle-orm';
import { notFound } from '../../shared/appError';

async function assertOwnQuiz(db: Database, accountId: string, quizId: string): Promise<void> {
  const [row] = await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.accountId, accountId)));
  if (!row) throw notFound();
}

/** The quiz's script for the event; '' when none was saved. Another account's quiz is a 404. */
export async function readQuizScript(
  db: Database,
  accountId: string,
  quizId: string,
  event: ScriptEventType,
): Promise<string> {
  await assertOwnQuiz(db, accountId, quizId);
  const [row] = await db
    .select({ code: quizScripts.code })
    .from(quizScripts)
    .where(and(eq(quizScripts.quizId, quizId), eq(quizScripts.event, event)));
  return row?.code ?? '';
}

export async function writeQuizScript(
  db: Database,
  accountId: string,
  quizId: string,
  event: ScriptEventType,
  code: string,
): Promise<string> {
  await assertOwnQuiz(db, accountId, quizId);
  await db
    .insert(quizScripts)
    .values({ quizId, event, code })
    .onConflictDoUpdate({
      target: [quizScripts.quizId, quizScripts.event],
      set: { code, updatedAt: new Date() },
    });
  return code;
}
