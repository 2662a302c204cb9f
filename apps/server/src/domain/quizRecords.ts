import type { Quiz, QuizSummary } from '@quizbeam/contracts/quiz';
import type { Database } from '@quizbeam/db/database';
import { leads, quizzes, visitorEvents } from '@quizbeam/db/schema';
import { migrateQuizDocument } from '@quizbeam/quiz-engine/migrateQuizDocument';
import { and, desc, eq } from 'drizzle-orm';
import { notFound } from '../http/appError';

const ownQuiz = (accountId: string, quizId: string) =>
  and(eq(quizzes.id, quizId), eq(quizzes.accountId, accountId));

export async function listQuizzes(db: Database, accountId: string): Promise<QuizSummary[]> {
  const rows = await db
    .select()
    .from(quizzes)
    .where(eq(quizzes.accountId, accountId))
    .orderBy(desc(quizzes.updatedAt));
  return rows.map((row) => {
    const quiz = migrateQuizDocument(row.document);
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      theme: quiz.theme,
      backgroundImage: quiz.backgroundImage,
      isPublished: row.isPublished,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** The account's quiz (stored documents of older versions are migrated on read); another account's or an unknown id is a 404, never a 403. */
export async function findQuiz(db: Database, accountId: string, quizId: string): Promise<Quiz> {
  const [row] = await db
    .select({ document: quizzes.document })
    .from(quizzes)
    .where(ownQuiz(accountId, quizId));
  if (!row) throw notFound();
  return migrateQuizDocument(row.document);
}

export async function insertQuiz(db: Database, accountId: string, quiz: Quiz): Promise<void> {
  await db.insert(quizzes).values({
    id: quiz.id,
    accountId,
    name: quiz.name,
    type: quiz.type,
    isPublished: quiz.isPublished,
    document: quiz,
  });
}

export async function storeQuiz(db: Database, accountId: string, quiz: Quiz): Promise<void> {
  const updated = await db
    .update(quizzes)
    .set({ name: quiz.name, isPublished: quiz.isPublished, document: quiz, updatedAt: new Date() })
    .where(ownQuiz(accountId, quiz.id))
    .returning({ id: quizzes.id });
  if (updated.length === 0) throw notFound();
}

/** Deletes the quiz and every record of it: snapshots and scripts by cascade, visits and leads here. */
export async function deleteQuiz(db: Database, accountId: string, quizId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(quizzes).where(ownQuiz(accountId, quizId)).returning({ id: quizzes.id });
    if (deleted.length === 0) throw notFound();
    await tx.delete(leads).where(eq(leads.quizId, quizId));
    await tx.delete(visitorEvents).where(eq(visitorEvents.quizId, quizId));
  });
}

/** The quiz's share code, created on first use. */
export async function shareCodeOf(db: Database, accountId: string, quizId: string): Promise<string> {
  const [row] = await db
    .select({ shareCode: quizzes.shareCode })
    .from(quizzes)
    .where(ownQuiz(accountId, quizId));
  if (!row) throw notFound();
  if (row.shareCode) return row.shareCode;
  const shareCode = crypto.randomUUID().replace(/-/g, '').slice(0, 16);
  await db.update(quizzes).set({ shareCode }).where(ownQuiz(accountId, quizId));
  return shareCode;
}
