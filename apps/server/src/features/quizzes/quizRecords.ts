import { imageSchema, type Quiz, type QuizSummary } from '@quizbeam/contracts/quiz';
import type { Database } from '@quizbeam/db/database';
import type { QuizVersionKind } from '@quizbeam/db/editingSchema';
import { quizzes, users } from '@quizbeam/db/schema';
import { migrateQuizDocument } from '@quizbeam/quiz-engine/migrateQuizDocument';
import { DEFAULT_THEME } from '@quizbeam/quiz-engine/newQuiz';
import { and, desc, eq, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../shared/appError';
import { assertWithinUsageLimit } from '../accounts/usageLimits/assertWithinUsageLimit';
import { recordQuizVersion } from '../quizHistory/recordQuizVersion';

export const ownQuiz = (accountId: string, quizId: string) =>
  and(eq(quizzes.id, quizId), eq(quizzes.accountId, accountId));

/** The list's columns only: the theme and background image are read out of the document by the database. */
export async function listQuizzes(db: Database, accountId: string): Promise<QuizSummary[]> {
  const rows = await db
    .select({
      id: quizzes.id,
      name: quizzes.name,
      type: quizzes.type,
      isPublished: quizzes.isPublished,
      updatedAt: quizzes.updatedAt,
      theme: sql<string | null>`${quizzes.document}->>'theme'`,
      backgroundImage: sql<unknown>`${quizzes.document}->'backgroundImage'`,
    })
    .from(quizzes)
    .where(eq(quizzes.accountId, accountId))
    .orderBy(desc(quizzes.updatedAt));
  return rows.map((row) => {
    const backgroundImage = imageSchema.safeParse(row.backgroundImage);
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      theme: row.theme ?? DEFAULT_THEME,
      backgroundImage: backgroundImage.success ? backgroundImage.data : null,
      isPublished: row.isPublished,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/**
 * The account's quiz (stored documents of older versions are migrated on read), with the revision of its
 * row; another account's or an unknown id is a 404, never a 403.
 */
export async function findQuiz(db: Database, accountId: string, quizId: string): Promise<Quiz> {
  const [row] = await db
    .select({ document: quizzes.document, revision: quizzes.revision })
    .from(quizzes)
    .where(ownQuiz(accountId, quizId));
  if (!row) throw notFound();
  return { ...migrateQuizDocument(row.document), revision: row.revision };
}

/**
 * Stores a new quiz (New Quiz, an import from a share, a copy of a template), within the account's quizzes
 * limit (403 `quota_exceeded` at it): the count and the insert share one transaction.
 */
export async function insertQuiz(db: Database, accountId: string, quiz: Quiz): Promise<void> {
  await db.transaction(async (tx) => {
    await assertWithinUsageLimit(tx, accountId, 'quizzes');
    await tx.insert(quizzes).values({
      id: quiz.id,
      accountId,
      name: quiz.name,
      type: quiz.type,
      isPublished: quiz.isPublished,
      revision: quiz.revision,
      document: quiz,
    });
  });
}

/**
 * Saves the quiz's content over the revision it carries, which becomes the next one, and records it in the
 * quiz's history as `kind` in the same transaction. When the row has moved on meanwhile (another tab or
 * person saved), nothing is written and the answer is a 409 that says who saved and when. Returns the quiz
 * as stored.
 */
export async function saveQuizContent(
  db: Database,
  accountId: string,
  quiz: Quiz,
  savedBy: string,
  kind: QuizVersionKind = 'save',
): Promise<Quiz> {
  const stored: Quiz = { ...quiz, revision: quiz.revision + 1 };
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(quizzes)
      .set({
        name: stored.name,
        isPublished: stored.isPublished,
        document: stored,
        revision: stored.revision,
        updatedAt: new Date(),
        updatedBy: savedBy,
      })
      .where(and(ownQuiz(accountId, quiz.id), eq(quizzes.revision, quiz.revision)))
      .returning({ id: quizzes.id });
    if (updated.length === 0) throw await staleRevision(tx, accountId, quiz.id);
    await recordQuizVersion(tx, { accountId, quiz: stored, savedBy, kind });
    return stored;
  });
}

/** Why a save found no row at its revision: the quiz is gone (404), or a newer revision is stored (409). */
async function staleRevision(db: Database, accountId: string, quizId: string): Promise<AppError> {
  const [row] = await db
    .select({ revision: quizzes.revision, updatedAt: quizzes.updatedAt, savedBy: users.email })
    .from(quizzes)
    .leftJoin(users, eq(users.id, quizzes.updatedBy))
    .where(ownQuiz(accountId, quizId));
  if (!row) return notFound();
  const by = row.savedBy ? ` by ${row.savedBy}` : '';
  return new AppError(
    'conflict',
    `This quiz was saved${by} after you opened it. Reload their version, or overwrite it with yours.`,
    {},
    { revision: row.revision, savedBy: row.savedBy, savedAt: row.updatedAt.toISOString() },
  );
}

/** Records whether the quiz is live, without touching its content or revision (Unpublish). */
export async function storePublishedState(
  db: Database,
  accountId: string,
  quizId: string,
  isPublished: boolean,
): Promise<void> {
  const updated = await db
    .update(quizzes)
    .set({
      isPublished,
      document: sql`jsonb_set(${quizzes.document}, '{isPublished}', ${JSON.stringify(isPublished)}::jsonb)`,
    })
    .where(ownQuiz(accountId, quizId))
    .returning({ id: quizzes.id });
  if (updated.length === 0) throw notFound();
}

/**
 * The quiz's share code, created on first use. A quiz has one code (its own column), and the database picks
 * it when first calls race: the update only fills an empty column, and an update that waited for another
 * one's row applies itself to the row as the other left it (PostgreSQL re-reads it), so every caller gets
 * back the code that was stored, never one of its own that lost.
 */
export async function shareCodeOf(db: Database, accountId: string, quizId: string): Promise<string> {
  const [row] = await db
    .select({ shareCode: quizzes.shareCode })
    .from(quizzes)
    .where(ownQuiz(accountId, quizId));
  if (!row) throw notFound();
  if (row.shareCode) return row.shareCode;
  const newCode = crypto.randomUUID().replace(/-/g, '').slice(0, 16);
  const [stored] = await db
    .update(quizzes)
    .set({ shareCode: sql`coalesce(${quizzes.shareCode}, ${newCode})` })
    .where(ownQuiz(accountId, quizId))
    .returning({ shareCode: quizzes.shareCode });
  // No row: the quiz was deleted in between.
  if (!stored?.shareCode) throw notFound();
  return stored.shareCode;
}
