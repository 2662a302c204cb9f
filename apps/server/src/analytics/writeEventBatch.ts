import type { Database } from '@quizbeam/db/database';
import { type SQL, sql } from 'drizzle-orm';
import { applyEventBatch, eventsFromJson, eventsJson, type RollupEvent } from './applyEventsToRollups';
import { lockQuizzesForEvents } from './rollupLocks';

/**
 * Stores a batch of visitor events and brings the analytics rollups up to date with it, in one
 * transaction. Rows of quizzes being rebuilt or deleted right now are not written unless `waitForLocks`;
 * they are returned, in order, for the next attempt.
 *
 * The rollups go first: they lock the rows' visits, so a visit's events get their ids in the order their
 * rollups were applied, the order a rebuild replays them in, even when several processes write one visit.
 */
export async function writeEventBatch(
  db: Database,
  rows: readonly RollupEvent[],
  { waitForLocks }: { waitForLocks: boolean },
): Promise<RollupEvent[]> {
  return db.transaction(async (tx) => {
    const held = await lockQuizzesForEvents(
      tx,
      rows.map((row) => row.quizId),
      { wait: waitForLocks },
    );
    const writable = held.size === 0 ? rows : rows.filter((row) => !held.has(row.quizId));
    if (writable.length > 0) {
      const events = eventsFromJson(eventsJson(writable));
      await applyEventBatch(tx, events);
      await tx.execute(insertStatement(events));
    }
    return held.size === 0 ? [] : rows.filter((row) => held.has(row.quizId));
  });
}

/**
 * One INSERT … SELECT from a single JSON parameter, however many rows: building a multi-row VALUES list
 * of thousands of parameters costs more CPU than the database takes to store them, and JSON carries free
 * text (UTM values) safely on both drivers. Without a createdAt, an event is stamped with the transaction's
 * time, the same the rollups used.
 */
function insertStatement(events: SQL): SQL {
  // Events still buffered when their quiz is deleted are dropped here rather than left behind.
  return sql`insert into visitor_events (quiz_id, snapshot_id, visit_id, type, question_id, answer_id,
      outcome_id, score, utm_source, utm_campaign, created_at)
    select quiz_id, snapshot_id, visit_id, type, question_id, answer_id, outcome_id, score, utm_source,
      utm_campaign, at
    from (${events}) event
    where exists (select 1 from quizzes where quizzes.id = event.quiz_id)
    order by n`;
}
