import type { Database } from '@quizbeam/db/database';
import {
  applyEventBatch,
  eventsFromJson,
  eventsJson,
  firstEventsFromRows,
  type RollupEvent,
} from './applyEventsToRollups';
import { lockQuizzesForEvents } from './rollupLocks';

/**
 * Stores a batch of visitor events and brings the analytics rollups up to date with it, in one
 * transaction. Rows of quizzes being rebuilt or deleted right now are not written unless `waitForLocks`;
 * they are returned, in order, for the next attempt.
 *
 * The events are stored by the statement that moves the rollups, after the visits are locked, so a visit's
 * events get their ids in the order their rollups were applied, even when several processes write one visit.
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
      await applyEventBatch(tx, eventsFromJson(eventsJson(writable)), {
        store: true,
        firstEvents: firstEventsFromRows(writable),
      });
    }
    return held.size === 0 ? [] : rows.filter((row) => held.has(row.quizId));
  });
}
