import type { Database } from '@quizbeam/db/database';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { applyEventBatch, storedEvents } from './applyEventsToRollups';
import { lockQuizAgainstEventWriters } from './rollupLocks';

type Executor = Pick<Database, 'execute'>;

/** Events replayed per pair of statements: enough to keep the statements few, little enough to stay quick. */
const REPLAY_CHUNK_EVENTS = 5_000;

export interface RebuildSummary {
  quizId: string;
  events: number;
  visits: number;
}

const chunkRows = z.object({
  rows: z.array(z.object({ events: z.coerce.number(), last_id: z.coerce.number().nullable() })),
});
const countRows = z.object({ rows: z.array(z.object({ count: z.coerce.number() })) });
const quizIdRows = z.object({ rows: z.array(z.object({ id: z.string() })) });

/** Deletes the quiz's rows of the two analytics tables (the quiz's deletion, and a rebuild, start here). */
export async function deleteQuizAnalytics(tx: Executor, quizId: string): Promise<void> {
  await tx.execute(sql`delete from analytics_counters where quiz_id = ${quizId}::uuid`);
  await tx.execute(sql`delete from analytics_visits where quiz_id = ${quizId}::uuid`);
}

/**
 * Recomputes the quiz's rollups from its raw events: deletes them and replays the events in the order they
 * were stored through the statements that maintain them live, so the result is what live writing gives.
 * One transaction: readers see the old figures until the new ones are complete, and a failure leaves them
 * as they were. Meanwhile the quiz's new events wait in the writers' queues (other quizzes' do not).
 * null when there is no such quiz, or (`when missing`) when its rollups no longer need it.
 */
export async function rebuildQuizAnalytics(
  db: Database,
  quizId: string,
  only: 'always' | 'when missing' = 'always',
): Promise<RebuildSummary | null> {
  return db.transaction(async (tx) => {
    await lockQuizAgainstEventWriters(tx, quizId);
    const quiz = await tx.execute(sql`select id::text as id from quizzes where id = ${quizId}::uuid`);
    if (quizIdRows.parse(quiz).rows.length === 0) return null;
    // Another server process may have rebuilt it since the list was made.
    if (only === 'when missing' && !(await quizzesMissingAnalytics(tx, quizId)).includes(quizId)) return null;
    await deleteQuizAnalytics(tx, quizId);
    const events = await replay(tx, quizId);
    const visits = await tx.execute(
      sql`select count(*) as count from analytics_visits where quiz_id = ${quizId}::uuid`,
    );
    return { quizId, events, visits: countRows.parse(visits).rows[0]?.count ?? 0 };
  });
}

/** Replays all the quiz's events in id order, a chunk at a time; answers how many. */
async function replay(tx: Executor, quizId: string): Promise<number> {
  let replayed = 0;
  for (let after = 0; ; ) {
    const chunk = await tx.execute(sql`
      select count(*) as events, max(id) as last_id from (
        select id from visitor_events
        where quiz_id = ${quizId}::uuid and id > ${after}::bigint
        order by id limit ${REPLAY_CHUNK_EVENTS}) chunk`);
    const [row] = chunkRows.parse(chunk).rows;
    if (!row || row.last_id === null) return replayed;
    await applyEventBatch(tx, storedEvents(quizId, after, row.last_id));
    replayed += row.events;
    after = row.last_id;
  }
}

/**
 * Quizzes whose events predate the rollups (recorded before they existed): their first event's visit has
 * no analytics_visits row. A rebuild is one transaction, so an interrupted one leaves the quiz listed.
 */
export async function quizzesMissingAnalytics(db: Executor, onlyQuizId?: string): Promise<string[]> {
  const result = await db.execute(sql`
    select q.id::text as id from quizzes q
    cross join lateral (
      select e.visit_id from visitor_events e where e.quiz_id = q.id order by e.id limit 1) first_event
    where not exists (
        select 1 from analytics_visits v where v.quiz_id = q.id and v.visit_id = first_event.visit_id)
      ${onlyQuizId === undefined ? sql`` : sql`and q.id = ${onlyQuizId}::uuid`}
    order by q.id`);
  return quizIdRows.parse(result).rows.map((row) => row.id);
}

/** Rebuilds, one after the other, the quizzes whose events predate the rollups; stops early when asked. */
export async function rebuildQuizzesMissingAnalytics(
  db: Database,
  options: { stopping: () => boolean; onError: (error: unknown) => void },
): Promise<RebuildSummary[]> {
  const rebuilt: RebuildSummary[] = [];
  try {
    for (const quizId of await quizzesMissingAnalytics(db)) {
      if (options.stopping()) break;
      const summary = await rebuildQuizAnalytics(db, quizId, 'when missing');
      if (summary) rebuilt.push(summary);
    }
  } catch (error) {
    options.onError(error);
  }
  return rebuilt;
}
