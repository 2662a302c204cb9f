import type { Database } from '@quizbeam/db/database';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';

/*
 * One advisory lock per quiz keeps its rollups equal to a replay of its raw events, whatever the number of
 * server processes: every batch of events holds it shared for its quizzes while it stores them and moves
 * their rollups; a rebuild of the quiz, and its deletion, hold it exclusively. A batch does not wait for a
 * rebuild (which can take a while): it leaves that quiz's events in the writer's queue for the next round
 * and stores the others'. Transaction locks: nothing can leave one held. A hash collision between two
 * quizzes only makes them wait for each other.
 */

type Executor = Pick<Database, 'execute'>;

const writingKey = (quizId: SQL) => sql`hashtextextended('quizbeam:analytics-writing:' || ${quizId}, 0)`;

const quizIdRows = z.object({ rows: z.array(z.object({ quiz_id: z.string() })) });

/**
 * Takes the lock for a batch of events of these quizzes. Without `wait`, answers the quizzes whose lock is
 * held by a rebuild or a deletion (their events must not be written now); with it, waits for them.
 */
export async function lockQuizzesForEvents(
  tx: Executor,
  quizIds: readonly string[],
  { wait }: { wait: boolean },
): Promise<Set<string>> {
  const sorted = JSON.stringify([...new Set(quizIds)].sort());
  const quizzes = sql`select quiz_id, n from jsonb_array_elements_text(${sorted}::jsonb)
    with ordinality as q(quiz_id, n)`;
  if (wait) {
    // In one order everywhere, so that two batches waiting for rebuilds cannot deadlock.
    await tx.execute(
      sql`select pg_advisory_xact_lock_shared(${writingKey(sql`q.quiz_id`)}) from (${quizzes}) q order by n`,
    );
    return new Set();
  }
  const held = await tx.execute(sql`
    select q.quiz_id from (${quizzes}) q
    where not pg_try_advisory_xact_lock_shared(${writingKey(sql`q.quiz_id`)})`);
  return new Set(quizIdRows.parse(held).rows.map((row) => row.quiz_id));
}

/** Until the transaction ends, no batch of the quiz's events is in flight or starts. */
export async function lockQuizAgainstEventWriters(tx: Executor, quizId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${writingKey(sql`${quizId}::text`)})`);
}
