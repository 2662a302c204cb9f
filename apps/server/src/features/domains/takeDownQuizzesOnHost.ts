import type { Database } from '@quizbeam/db/database';
import { liveQuizzes, quizzes } from '@quizbeam/db/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { retireSnapshots } from '../publishing/retireSnapshots';

/**
 * Unpublishes every quiz of the account that is live on the host (its snapshots and results are kept).
 * Returns the slugs that were live there, so cached pages can be dropped. Run it inside a transaction.
 */
export async function takeDownQuizzesOnHost(
  db: Database,
  accountId: string,
  host: string,
): Promise<{ quizId: string; slug: string; snapshotId: string }[]> {
  const accountQuizzes = db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.accountId, accountId));
  const takenDown = await db
    .delete(liveQuizzes)
    .where(and(eq(liveQuizzes.host, host), inArray(liveQuizzes.quizId, accountQuizzes)))
    .returning({ quizId: liveQuizzes.quizId, slug: liveQuizzes.slug, snapshotId: liveQuizzes.snapshotId });
  if (takenDown.length === 0) return [];
  await retireSnapshots(
    db,
    takenDown.map((quiz) => quiz.snapshotId),
    'unpublish',
  );
  await db
    .update(quizzes)
    .set({
      isPublished: false,
      document: sql`jsonb_set(${quizzes.document}, '{isPublished}', 'false'::jsonb)`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(quizzes.accountId, accountId),
        inArray(
          quizzes.id,
          takenDown.map((quiz) => quiz.quizId),
        ),
      ),
    );
  return takenDown;
}
