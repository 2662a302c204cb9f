import type { Database } from '@quizbeam/db/database';
import { liveQuizzes, publishedSnapshots } from '@quizbeam/db/schema';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { REPUBLISH_GRACE_MS } from '../../shared/snapshot';

/** The quiz's snapshots that may be taking visitors: the live one and those a Republish retired lately. */
export async function visitorSnapshotIdsOf(db: Database, quizId: string, now: Date): Promise<string[]> {
  const graceStart = new Date(now.getTime() - REPUBLISH_GRACE_MS);
  const rows = await db
    .select({ id: publishedSnapshots.id })
    .from(publishedSnapshots)
    .where(
      and(
        eq(publishedSnapshots.quizId, quizId),
        or(isNull(publishedSnapshots.retiredAt), gt(publishedSnapshots.retiredAt, graceStart)),
      ),
    );
  return rows.map((row) => row.id);
}

/** Where the quiz is live, or null when it is not published. */
export async function livePlaceOf(
  db: Database,
  quizId: string,
): Promise<{ host: string; slug: string } | null> {
  const [row] = await db
    .select({ host: liveQuizzes.host, slug: liveQuizzes.slug })
    .from(liveQuizzes)
    .where(eq(liveQuizzes.quizId, quizId));
  return row ?? null;
}
