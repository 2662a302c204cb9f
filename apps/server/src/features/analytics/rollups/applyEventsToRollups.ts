import type { Database } from '@quizbeam/db/database';
import type { visitorEvents } from '@quizbeam/db/schema';
import { DURATION_BUCKETS_SECONDS } from '@quizbeam/quiz-engine/analytics/durations';
import { type SQL, sql } from 'drizzle-orm';
import { rollupDeltas } from './rollupDeltas';

/** An event as the writer stores it; without createdAt it happens now (the transaction's time). */
export type RollupEvent = typeof visitorEvents.$inferInsert;

type Executor = Pick<Database, 'execute'>;

/**
 * The events as one JSON parameter, in order: free text such as UTM values and URL fields travels safely on
 * both drivers, and one parameter costs far less to bind than one per value. Read as `json`, not `jsonb`:
 * the text is parsed once, row by row, instead of being converted to jsonb first (40% less time a batch).
 */
export function eventsJson(rows: readonly RollupEvent[]): string {
  return JSON.stringify(
    rows.map((row, index) => ({
      n: index,
      quiz_id: row.quizId,
      snapshot_id: row.snapshotId,
      visit_id: row.visitId,
      type: row.type,
      question_id: row.questionId ?? null,
      answer_id: row.answerId ?? null,
      response: row.response ?? null,
      outcome_id: row.outcomeId ?? null,
      score: row.score ?? null,
      utm_source: row.utmSource ?? null,
      utm_campaign: row.utmCampaign ?? null,
      url_fields: row.urlFields ?? null,
      created_at: row.createdAt?.toISOString() ?? null,
    })),
  );
}

/**
 * Each visit's first event of the batch (quiz, visit, snapshot, time) as one JSON parameter: what the
 * statement that creates and locks the visits needs, a tenth of the batch to parse.
 */
export function firstEventsFromRows(rows: readonly RollupEvent[]): SQL {
  const seen = new Map<string, RollupEvent>();
  for (const row of rows) {
    const key = `${row.quizId} ${row.visitId}`;
    if (!seen.has(key)) seen.set(key, row);
  }
  const json = JSON.stringify(
    [...seen.values()].map((row) => ({
      quiz_id: row.quizId,
      visit_id: row.visitId,
      snapshot_id: row.snapshotId,
      created_at: row.createdAt?.toISOString() ?? null,
    })),
  );
  return sql`select f.quiz_id, f.visit_id, f.snapshot_id, coalesce(f.created_at, now()) as at
    from json_to_recordset(${json}::json) as f(quiz_id uuid, visit_id text, snapshot_id uuid, created_at timestamptz)`;
}

/** The relation the rollup statements read a batch from: one row per event, `n` giving their order. */
export function eventsFromJson(json: string): SQL {
  return sql`select e.n, e.quiz_id, e.snapshot_id, e.visit_id, e.type, e.question_id, e.answer_id,
      e.response, e.outcome_id, e.score, e.utm_source, e.utm_campaign, e.url_fields,
      coalesce(e.created_at, now()) as at
    from json_to_recordset(${json}::json) as e(n int, quiz_id uuid, snapshot_id uuid, visit_id text,
      type text, question_id int, answer_id int, response jsonb, outcome_id int, score int, utm_source text,
      utm_campaign text, url_fields jsonb, created_at timestamptz)`;
}

/** A quiz's stored events with ids in (afterId, upToId], for the rebuild (the id gives the order). */
export function storedEvents(quizId: string, afterId: number, upToId: number): SQL {
  return sql`select e.id as n, e.quiz_id, e.snapshot_id, e.visit_id, e.type, e.question_id, e.answer_id,
      e.response, e.outcome_id, e.score, e.utm_source, e.utm_campaign, e.url_fields, e.created_at as at
    from visitor_events e
    where e.quiz_id = ${quizId}::uuid and e.id > ${afterId}::bigint and e.id <= ${upToId}::bigint`;
}

/**
 * Brings analytics_visits and analytics_counters up to
 * date with a batch of events, in the transaction that stores them: two statements however large the
 * batch. Events of quizzes that no longer exist are left out. See applyEventBatch for the rules. Beside
 * live writers, take lockQuizzesForEvents first (writeEventBatch does), so that a rebuild cannot interleave.
 */
export async function applyEventsToRollups(tx: Executor, rows: readonly RollupEvent[]): Promise<void> {
  if (rows.length === 0) return;
  await applyEventBatch(tx, eventsFromJson(eventsJson(rows)), { store: false });
}

/**
 * Every figure belongs to the day and version of its visit's first event, so a visit's later events
 * update the counters of that day. The first statement creates the visits seen for the first time and
 * locks every visit of the batch (in key order, so concurrent batches cannot deadlock): from then on
 * this transaction alone moves these visits, and the second statement reads their state, works out what
 * each event changes, and adds the differences to the counters.
 */
export async function applyEventBatch(
  tx: Executor,
  events: SQL,
  { store, firstEvents }: { store: boolean; firstEvents?: SQL } = { store: false },
): Promise<void> {
  const visitsSeen =
    firstEvents ??
    sql`select distinct on (quiz_id, visit_id) quiz_id, visit_id, snapshot_id, at
      from (${events}) batch order by quiz_id, visit_id, n`;
  await tx.execute(sql`
    with first_events as (${visitsSeen})
    insert into analytics_visits (quiz_id, visit_id, snapshot_id, version, day, visited_at)
    select f.quiz_id, f.visit_id, f.snapshot_id, coalesce(s.version, 0), (f.at at time zone 'UTC')::date, f.at
    -- Snapshots go only with their quiz; version 0 would be an event that named an unknown one.
    from first_events f left join published_snapshots s on s.id = f.snapshot_id
    where exists (select 1 from quizzes where quizzes.id = f.quiz_id)
    order by f.quiz_id, f.visit_id
    on conflict (quiz_id, visit_id) do update set snapshot_id = analytics_visits.snapshot_id`);
  await tx.execute(sql`
    with batch as (${events}),
    ${store ? storeEvents() : sql``}
    ${rollupDeltas(durationBucketOf)}
    insert into analytics_counters (quiz_id, day, version, metric, item, value)
    select quiz_id, day, version, metric, item, sum(delta)
    from deltas
    group by quiz_id, day, version, metric, item
    having sum(delta) <> 0
    order by quiz_id, day, version, metric, item
    on conflict (quiz_id, day, version, metric, item)
      do update set value = analytics_counters.value + excluded.value`);
}

/**
 * Stores the batch's events, in the statement that moves the rollups: their visits are locked by then, so a
 * visit's events get their ids in the order their rollups were applied, the order a rebuild replays them
 * in. Without a createdAt, an event is stamped with the transaction's time, the same the rollups used;
 * events still buffered when their quiz was deleted are dropped here rather than left behind.
 */
function storeEvents(): SQL {
  return sql`stored_events as (
      insert into visitor_events (quiz_id, snapshot_id, visit_id, type, question_id, answer_id, response,
        outcome_id, score, utm_source, utm_campaign, url_fields, created_at)
      select quiz_id, snapshot_id, visit_id, type, question_id, answer_id, response, outcome_id, score,
        utm_source, utm_campaign, url_fields, at
      from batch
      where exists (select 1 from quizzes where quizzes.id = batch.quiz_id)
      order by n),`;
}

/** The lower bound (seconds) of the time-to-complete bucket, as the engine's durationBucket gives it. */
function durationBucketOf(seconds: SQL): SQL {
  const bounds = sql.raw(`array[${DURATION_BUCKETS_SECONDS.map((bound) => Math.trunc(bound)).join(',')}]`);
  return sql`(select max(bound) from unnest(${bounds}::int[]) as bound where bound <= greatest(${seconds}, 0))`;
}
