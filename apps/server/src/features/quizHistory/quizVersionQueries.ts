import {
  QUIZ_VERSIONS_LISTED,
  type QuizVersion,
  type QuizVersionSummary,
} from '@quizbeam/contracts/quizHistory';
import type { Database } from '@quizbeam/db/database';
import { quizVersions } from '@quizbeam/db/editingSchema';
import { quizzes, users } from '@quizbeam/db/schema';
import { migrateQuizDocument } from '@quizbeam/quiz-engine/migrateQuizDocument';
import { and, desc, eq } from 'drizzle-orm';
import { notFound } from '../../shared/appError';
import { ownQuiz } from '../quizzes/quizRecords';

/** The revision the account's quiz is stored at; another account's or an unknown quiz is a 404. */
async function storedRevision(db: Database, accountId: string, quizId: string): Promise<number> {
  const [row] = await db
    .select({ revision: quizzes.revision })
    .from(quizzes)
    .where(ownQuiz(accountId, quizId));
  if (!row) throw notFound();
  return row.revision;
}

const summaryColumns = {
  id: quizVersions.id,
  kind: quizVersions.kind,
  revision: quizVersions.revision,
  savedAt: quizVersions.savedAt,
  savedBy: users.email,
};

/** The quiz's versions, newest first, the one it is stored as marked current. */
export async function listQuizVersions(
  db: Database,
  accountId: string,
  quizId: string,
): Promise<QuizVersionSummary[]> {
  const current = await storedRevision(db, accountId, quizId);
  const rows = await db
    .select(summaryColumns)
    .from(quizVersions)
    .leftJoin(users, eq(users.id, quizVersions.savedBy))
    .where(and(eq(quizVersions.quizId, quizId), eq(quizVersions.accountId, accountId)))
    .orderBy(desc(quizVersions.savedAt), desc(quizVersions.createdAt))
    .limit(QUIZ_VERSIONS_LISTED);
  return rows.map((row) => ({
    ...row,
    savedAt: row.savedAt.toISOString(),
    isCurrent: row.revision === current,
  }));
}

/** One version of the account's quiz with its content (older documents migrated, as a quiz is on read). */
export async function findQuizVersion(
  db: Database,
  accountId: string,
  quizId: string,
  versionId: string,
): Promise<QuizVersion> {
  const current = await storedRevision(db, accountId, quizId);
  const [row] = await db
    .select({ ...summaryColumns, document: quizVersions.document })
    .from(quizVersions)
    .leftJoin(users, eq(users.id, quizVersions.savedBy))
    .where(
      and(
        eq(quizVersions.id, versionId),
        eq(quizVersions.quizId, quizId),
        eq(quizVersions.accountId, accountId),
      ),
    );
  if (!row) throw notFound();
  const { document, ...summary } = row;
  return {
    ...summary,
    savedAt: summary.savedAt.toISOString(),
    isCurrent: summary.revision === current,
    quiz: { ...migrateQuizDocument(document), revision: summary.revision },
  };
}
