import type { Database } from '@quizbeam/db/database';
import { leads, quizzes, visitorEvents } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { notFound } from '../../shared/appError';
import type { SiteChangeAnnouncer } from '../../shared/siteChangeAnnouncer';
import { deleteQuizAnalytics } from '../analytics/rollups/rebuildQuizAnalytics';
import { lockQuizAgainstEventWriters } from '../analytics/rollups/rollupLocks';
import { livePlaceOf, visitorSnapshotIdsOf } from '../publishing/visitorSnapshots';
import { ownQuiz } from './quizRecords';

export interface DeleteQuizDeps {
  db: Database;
  siteChanges: SiteChangeAnnouncer;
  /** When "now" is, for which replaced versions still take visitors; the system clock when absent. */
  clock?: () => Date;
}

/**
 * Deletes the quiz and all its records: snapshots and scripts by cascade; events, leads, analytics here.
 * Deleting takes the quiz down: once it is committed the published sites drop its cached page and whether
 * its snapshots take visitors, so the visitor API refuses them at once.
 */
export async function deleteQuiz(deps: DeleteQuizDeps, accountId: string, quizId: string): Promise<void> {
  const { db, siteChanges, clock = () => new Date() } = deps;
  const removed = await db.transaction(async (tx) => {
    // Batches of its events in flight, and a rebuild of its analytics, finish first; later ones find no quiz.
    await lockQuizAgainstEventWriters(tx, quizId);
    const place = await livePlaceOf(tx, quizId);
    const snapshotIds = await visitorSnapshotIdsOf(tx, quizId, clock());
    const deleted = await tx.delete(quizzes).where(ownQuiz(accountId, quizId)).returning({ id: quizzes.id });
    if (deleted.length === 0) throw notFound();
    await tx.delete(leads).where(eq(leads.quizId, quizId));
    await tx.delete(visitorEvents).where(eq(visitorEvents.quizId, quizId));
    await deleteQuizAnalytics(tx, quizId);
    return { place, snapshotIds };
  });
  await siteChanges.announce({ kind: 'quizRemoved', ...removed });
}
