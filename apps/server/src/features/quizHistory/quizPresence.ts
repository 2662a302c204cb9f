import type { QuizPresence } from '@quizbeam/contracts/quizHistory';
import type { Database } from '@quizbeam/db/database';
import { quizPresence } from '@quizbeam/db/editingSchema';
import { quizzes, users } from '@quizbeam/db/schema';
import { and, asc, count, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { notFound } from '../../shared/appError';
import { ownQuiz } from '../quizzes/quizRecords';

/** A tab not heard from for this long no longer counts as having the quiz open (it says so every 10 s). */
export const PRESENCE_FRESH_SECONDS = 30;
/** Rows older than this are deleted when the quiz's tabs next report. */
export const PRESENCE_KEPT_SECONDS = 120;

const secondsAgo = (seconds: number) => sql`now() - ${sql.raw(`interval '${Math.trunc(seconds)} seconds'`)}`;

export interface PresentTab {
  accountId: string;
  userId: string;
  quizId: string;
  tabId: string;
}

/**
 * Records that the tab has the quiz open now and answers who else has (other tabs seen in the last
 * 30 seconds, by user, the caller's own other tabs included) with the quiz's stored revision and who saved
 * it, so the tab notices another's save. The quiz's stale rows go in the same step.
 */
export async function reportQuizPresence(db: Database, tab: PresentTab): Promise<QuizPresence> {
  return db.transaction(async (tx) => {
    const [quiz] = await tx
      .select({ revision: quizzes.revision, savedAt: quizzes.updatedAt, savedBy: users.email })
      .from(quizzes)
      .leftJoin(users, eq(users.id, quizzes.updatedBy))
      .where(ownQuiz(tab.accountId, tab.quizId));
    if (!quiz) throw notFound();
    await tx
      .insert(quizPresence)
      .values({ quizId: tab.quizId, tabId: tab.tabId, userId: tab.userId })
      .onConflictDoUpdate({
        target: [quizPresence.quizId, quizPresence.tabId],
        set: { userId: tab.userId, seenAt: sql`now()` },
      });
    await tx
      .delete(quizPresence)
      .where(
        and(eq(quizPresence.quizId, tab.quizId), lt(quizPresence.seenAt, secondsAgo(PRESENCE_KEPT_SECONDS))),
      );
    const editors = await tx
      .select({ email: users.email, tabCount: count() })
      .from(quizPresence)
      .innerJoin(users, eq(users.id, quizPresence.userId))
      .where(
        and(
          eq(quizPresence.quizId, tab.quizId),
          ne(quizPresence.tabId, tab.tabId),
          gt(quizPresence.seenAt, secondsAgo(PRESENCE_FRESH_SECONDS)),
        ),
      )
      .groupBy(users.email)
      .orderBy(asc(users.email));
    return { revision: quiz.revision, savedBy: quiz.savedBy, savedAt: quiz.savedAt.toISOString(), editors };
  });
}

/** The tab closed the quiz (best effort: a tab that never says so stops counting after 30 seconds). */
export async function leaveQuizPresence(db: Database, tab: PresentTab): Promise<void> {
  const [quiz] = await db.select({ id: quizzes.id }).from(quizzes).where(ownQuiz(tab.accountId, tab.quizId));
  if (!quiz) throw notFound();
  await db
    .delete(quizPresence)
    .where(
      and(
        eq(quizPresence.quizId, tab.quizId),
        eq(quizPresence.tabId, tab.tabId),
        eq(quizPresence.userId, tab.userId),
      ),
    );
}
