import type { Database } from '@quizbeam/db/database';
import type { visitorEvents } from '@quizbeam/db/schema';
import { type SQL, sql } from 'drizzle-orm';

export type VisitorEventRow = typeof visitorEvents.$inferInsert;

const FLUSH_EVERY_MS = 200;
const BATCH_ROWS = 2_000;
/** Past this many waiting rows (the database is down for long), the oldest analytics events are dropped. */
const MAX_WAITING_ROWS = 200_000;

/**
 * Analytics events are buffered and written in multi-row inserts: one insert per 200 ms instead of one
 * per event. Leads never go through here; they are committed before the visitor gets an answer.
 */
export class VisitorEventWriter {
  private waiting: VisitorEventRow[] = [];
  private readonly retrying: VisitorEventRow[][] = [];
  private flushing: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  add(rows: VisitorEventRow[]): void {
    this.waiting.push(...rows);
    if (this.waiting.length > MAX_WAITING_ROWS)
      this.waiting.splice(0, this.waiting.length - MAX_WAITING_ROWS);
    if (this.waiting.length >= BATCH_ROWS) void this.flush();
  }

  /** Writes everything waiting; resolves when it is stored (or has failed and been dealt with). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    const batch = this.retrying.shift() ?? this.waiting.splice(0, BATCH_ROWS);
    if (batch.length === 0) return;
    this.flushing = this.insert(batch).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
    if (this.retrying.length > 0 || this.waiting.length >= BATCH_ROWS) await this.flush();
  }

  private async insert(batch: VisitorEventRow[]): Promise<void> {
    try {
      await this.db.execute(insertStatement(batch));
    } catch (error) {
      // One bad row (its quiz was deleted meanwhile) fails the whole insert: halve the batch until the bad
      // rows are alone, and drop those. While the database is down this drops events too: they are
      // analytics, and leads never depend on them.
      if (batch.length === 1) {
        this.onError(error);
        return;
      }
      const middle = Math.ceil(batch.length / 2);
      this.retrying.push(batch.slice(0, middle), batch.slice(middle));
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

/**
 * One INSERT … SELECT FROM unnest(…) with eight array parameters, however many rows: building a
 * multi-row VALUES list of thousands of parameters costs more CPU than the database takes to store them.
 * Every value is an id, a number or a validated token (visit ids are [A-Za-z0-9_-]), so the array
 * literals need no quoting.
 */
function insertStatement(rows: VisitorEventRow[]): SQL {
  const column = (value: (row: VisitorEventRow) => string | number | null | undefined) =>
    `{${rows.map((row) => value(row) ?? 'NULL').join(',')}}`;
  // Events still buffered when their quiz is deleted are dropped here rather than left behind.
  return sql`insert into visitor_events (quiz_id, snapshot_id, visit_id, type, question_id, answer_id, outcome_id, score)
    select * from unnest(
      ${column((row) => row.quizId)}::uuid[], ${column((row) => row.snapshotId)}::uuid[],
      ${column((row) => row.visitId)}::text[], ${column((row) => row.type)}::text[],
      ${column((row) => row.questionId)}::int[], ${column((row) => row.answerId)}::int[],
      ${column((row) => row.outcomeId)}::int[], ${column((row) => row.score)}::int[])
      as event (quiz_id, snapshot_id, visit_id, type, question_id, answer_id, outcome_id, score)
    where exists (select 1 from quizzes where quizzes.id = event.quiz_id)`;
}
