import type { Database } from '@quizbeam/db/database';
import type { visitorEvents } from '@quizbeam/db/schema';
import { type SQL, sql } from 'drizzle-orm';

export type VisitorEventRow = typeof visitorEvents.$inferInsert;

export interface EventWriterLimits {
  /** Rows written per insert. */
  batchRows: number;
  /** Rows one quiz may have waiting; past it, that quiz's new events are refused (the others' are not). */
  perQuizRows: number;
  /** Rows all quizzes together may have waiting. */
  totalRows: number;
}

export const EVENT_WRITER_LIMITS: EventWriterLimits = {
  batchRows: 2_000,
  perQuizRows: 50_000,
  totalRows: 200_000,
};

const FLUSH_EVERY_MS = 200;
/** After a failed insert that is not the rows' fault (the database is unreachable), wait this long. */
const RETRY_AFTER_FAILURE_MS = 1_000;

/**
 * Analytics events are buffered and written in multi-row inserts: one insert per 200 ms instead of one
 * per event. Leads never go through here; they are committed before the visitor gets an answer.
 *
 * Nothing acknowledged is dropped for lack of room: `offer` refuses rows (the visitor API then answers
 * 503) once their quiz, or everybody together, has too many waiting. Each quiz waits in its own queue and
 * a batch takes from every queue in turn, so a flood on one quiz delays only that quiz. Rows the database
 * refuses (a data error) are isolated by halving and dropped alone; any other failure keeps the rows and
 * tries again.
 */
export class VisitorEventWriter {
  private readonly queues = new Map<string, VisitorEventRow[]>();
  private waitingRows = 0;
  private readonly retrying: VisitorEventRow[][] = [];
  private flushing: Promise<void> | null = null;
  private pausedUntil = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
    private readonly limits: EventWriterLimits = EVENT_WRITER_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  get waiting(): number {
    return this.waitingRows;
  }

  /** Takes rows of one quiz for writing, or returns false (taking none) when there is no room for them. */
  offer(quizId: string, rows: VisitorEventRow[]): boolean {
    const queue = this.queues.get(quizId) ?? [];
    if (
      queue.length + rows.length > this.limits.perQuizRows ||
      this.waitingRows + rows.length > this.limits.totalRows
    ) {
      return false;
    }
    queue.push(...rows);
    this.queues.set(quizId, queue);
    this.waitingRows += rows.length;
    if (this.waitingRows >= this.limits.batchRows) void this.flush();
    return true;
  }

  /** Writes rows at once, for answers that must not be given before their event is stored. */
  async writeNow(rows: VisitorEventRow[]): Promise<void> {
    await this.db.execute(insertStatement(rows));
  }

  /** Writes everything waiting; resolves when it is stored (or has failed and been dealt with). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.now() < this.pausedUntil) return;
    const batch = this.retrying.shift() ?? this.takeFairBatch();
    if (batch.length === 0) return;
    this.flushing = this.insert(batch).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
    if (
      this.now() >= this.pausedUntil &&
      (this.retrying.length > 0 || this.waitingRows >= this.limits.batchRows)
    )
      await this.flush();
  }

  /** Writes what is waiting before the process stops; gives up only when the database takes nothing more. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    for (let before = Number.POSITIVE_INFINITY; ; ) {
      const left = this.waitingRows + this.retrying.reduce((sum, batch) => sum + batch.length, 0);
      if (left === 0 || left >= before) return;
      before = left;
      this.pausedUntil = 0;
      await this.flush();
    }
  }

  /** Up to batchRows rows, an equal share from every waiting quiz (a quiz with fewer gives its rest to others). */
  private takeFairBatch(): VisitorEventRow[] {
    const batch: VisitorEventRow[] = [];
    while (batch.length < this.limits.batchRows && this.queues.size > 0) {
      const share = Math.max(1, Math.floor((this.limits.batchRows - batch.length) / this.queues.size));
      for (const [quizId, queue] of this.queues) {
        const taken = queue.splice(0, Math.min(share, this.limits.batchRows - batch.length));
        for (const row of taken) batch.push(row);
        this.waitingRows -= taken.length;
        if (queue.length === 0) this.queues.delete(quizId);
        if (batch.length >= this.limits.batchRows) break;
      }
    }
    return batch;
  }

  private async insert(batch: VisitorEventRow[]): Promise<void> {
    try {
      await this.db.execute(insertStatement(batch));
    } catch (error) {
      if (!refusedForItsData(error)) {
        // Not these rows' fault: keep them and try again shortly.
        this.retrying.unshift(batch);
        this.pausedUntil = this.now() + RETRY_AFTER_FAILURE_MS;
        this.onError(error);
        return;
      }
      if (batch.length === 1) {
        this.onError(error);
        return;
      }
      const middle = Math.ceil(batch.length / 2);
      this.retrying.unshift(batch.slice(0, middle), batch.slice(middle));
    }
  }
}

/** PostgreSQL's data exceptions (class 22) and integrity violations (class 23): the rows themselves are wrong. */
function refusedForItsData(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Object; ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
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
