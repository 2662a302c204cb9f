import type { Database } from '@quizbeam/db/database';
import type { RollupEvent } from '../analytics/rollups/applyEventsToRollups';
import {
  type RebuildSummary,
  rebuildQuizzesMissingAnalytics,
} from '../analytics/rollups/rebuildQuizAnalytics';
import { writeEventBatch } from '../analytics/rollups/writeEventBatch';

export type VisitorEventRow = RollupEvent;

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

/**
 * On PostgreSQL a batch may be larger: the rollup rows a batch moves are the same few whatever its size, so
 * 5,000 rows a statement store about a fifth more events a second than 2,000 (bench/analytics-ingest.ts),
 * and other queries run beside it on their own connections. PGlite runs one statement at a time for every
 * query of the server, so there the batches stay shorter.
 */
export const POSTGRES_EVENT_WRITER_LIMITS: EventWriterLimits = { ...EVENT_WRITER_LIMITS, batchRows: 5_000 };

const FLUSH_EVERY_MS = 200;
/** After a failed insert that is not the rows' fault (the database is unreachable), wait this long. */
const RETRY_AFTER_FAILURE_MS = 1_000;

/**
 * Analytics events are buffered and written in multi-row inserts: one insert per 200 ms instead of one
 * per event, in the transaction that brings the analytics rollups up to date with them. Leads never go
 * through here; they are committed before the visitor gets an answer.
 *
 * Nothing acknowledged is dropped for lack of room: `offer` refuses rows (the visitor API then answers
 * 503) once their quiz, or everybody together, has too many waiting. Each quiz waits in its own queue and
 * a batch takes from every queue in turn, so a flood on one quiz delays only that quiz. Rows the database
 * refuses (a data error) are isolated by halving and dropped alone; any other failure keeps the rows and
 * tries again.
 *
 * When it starts, it rebuilds in the background the rollups of quizzes whose events were recorded before
 * rollups existed (the writer is what keeps them; the server does not wait for this).
 */
export class VisitorEventWriter {
  private readonly queues = new Map<string, VisitorEventRow[]>();
  private waitingRows = 0;
  private readonly retrying: VisitorEventRow[][] = [];
  private flushing: Promise<void> | null = null;
  private pausedUntil = 0;
  /** Quizzes being rebuilt or deleted: their rows wait in their queue until then. */
  private readonly heldUntil = new Map<string, number>();
  private closing = false;
  private readonly timer: NodeJS.Timeout;
  /** When each waiting row was offered, for the lag the metrics report. */
  private readonly offeredAt = new WeakMap<VisitorEventRow, number>();
  private readonly batchListeners: ((rows: number) => void)[] = [];
  /** Resolves once the quizzes recorded before rollups existed are rebuilt (or the writer is closing). */
  readonly catchingUp: Promise<RebuildSummary[]>;

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
    private readonly limits: EventWriterLimits = EVENT_WRITER_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
    this.catchingUp = rebuildQuizzesMissingAnalytics(db, { stopping: () => this.closing, onError });
  }

  get waiting(): number {
    return this.waitingRows;
  }

  /** How long the oldest row still waiting has waited, in milliseconds (0 when none waits). */
  oldestWaitingAgeMs(): number {
    let oldest = Number.POSITIVE_INFINITY;
    // Each quiz's queue is in offering order (rows put back go to its front), so its first row is its oldest.
    for (const queue of this.queues.values())
      oldest = Math.min(oldest, this.offeredAt.get(queue[0] as VisitorEventRow) ?? oldest);
    for (const batch of this.retrying)
      for (const row of batch) oldest = Math.min(oldest, this.offeredAt.get(row) ?? oldest);
    return Number.isFinite(oldest) ? Math.max(0, this.now() - oldest) : 0;
  }

  /** Calls `listener` with the number of rows of each insert that stored events (for the metrics). */
  onBatchWritten(listener: (rows: number) => void): void {
    this.batchListeners.push(listener);
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
    const offeredAt = this.now();
    for (const row of rows) this.offeredAt.set(row, offeredAt);
    queue.push(...rows);
    this.queues.set(quizId, queue);
    this.waitingRows += rows.length;
    if (this.writableRows() >= this.limits.batchRows) void this.flush();
    return true;
  }

  /** Writes rows at once, for answers that must not be given before their event is stored. */
  async writeNow(rows: VisitorEventRow[]): Promise<void> {
    await writeEventBatch(this.db, rows, { waitForLocks: true });
    this.reportBatch(rows.length);
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
      (this.retrying.length > 0 || this.writableRows() >= this.limits.batchRows)
    )
      await this.flush();
  }

  /** Writes what is waiting before the process stops; gives up only when the database takes nothing more. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    // From now on a batch waits for a rebuild or deletion under way instead of keeping rows back.
    this.closing = true;
    this.heldUntil.clear();
    for (let before = Number.POSITIVE_INFINITY; ; ) {
      const left = this.waitingRows + this.retrying.reduce((sum, batch) => sum + batch.length, 0);
      if (left === 0 || left >= before) break;
      before = left;
      this.pausedUntil = 0;
      await this.flush();
    }
    // A rebuild under way finishes (it is one transaction); the ones after it wait for the next start.
    await this.catchingUp;
  }

  /** Rows waiting, less those of quizzes sitting out this round. */
  private writableRows(): number {
    let held = 0;
    const now = this.now();
    for (const [quizId, until] of this.heldUntil)
      if (until > now) held += this.queues.get(quizId)?.length ?? 0;
    return this.waitingRows - held;
  }

  /**
   * Up to batchRows rows, an equal share from every waiting quiz (a quiz with fewer gives its rest to
   * others), leaving out quizzes held by a rebuild or deletion until their next round.
   */
  private takeFairBatch(): VisitorEventRow[] {
    const batch: VisitorEventRow[] = [];
    const now = this.now();
    for (const [quizId, until] of this.heldUntil) if (until <= now) this.heldUntil.delete(quizId);
    let open = [...this.queues.keys()].filter((quizId) => !this.heldUntil.has(quizId));
    while (batch.length < this.limits.batchRows && open.length > 0) {
      const share = Math.max(1, Math.floor((this.limits.batchRows - batch.length) / open.length));
      for (const quizId of open) {
        const queue = this.queues.get(quizId) ?? [];
        const taken = queue.splice(0, Math.min(share, this.limits.batchRows - batch.length));
        for (const row of taken) batch.push(row);
        this.waitingRows -= taken.length;
        if (queue.length === 0) this.queues.delete(quizId);
        if (batch.length >= this.limits.batchRows) break;
      }
      open = open.filter((quizId) => this.queues.has(quizId));
    }
    return batch;
  }

  /**
   * Rows whose quiz a rebuild or deletion holds go back to the front of its queue, with the quiz's rows
   * that wait in batches to retry (they came after them), and the quiz sits out the next round.
   */
  private putBack(held: VisitorEventRow[]): void {
    for (const quizId of new Set(held.map((row) => row.quizId))) {
      const retried: VisitorEventRow[] = [];
      for (const [index, batch] of this.retrying.entries()) {
        retried.push(...batch.filter((row) => row.quizId === quizId));
        this.retrying[index] = batch.filter((row) => row.quizId !== quizId);
      }
      const rows = [...held.filter((row) => row.quizId === quizId), ...retried];
      this.queues.set(quizId, [...rows, ...(this.queues.get(quizId) ?? [])]);
      this.waitingRows += rows.length;
      this.heldUntil.set(quizId, this.now() + FLUSH_EVERY_MS);
    }
    this.retrying.splice(0, this.retrying.length, ...this.retrying.filter((batch) => batch.length > 0));
  }

  private reportBatch(rows: number): void {
    if (rows > 0) for (const listener of this.batchListeners) listener(rows);
  }

  private async insert(batch: VisitorEventRow[]): Promise<void> {
    try {
      const held = await writeEventBatch(this.db, batch, { waitForLocks: this.closing });
      if (held.length > 0) this.putBack(held);
      this.reportBatch(batch.length - held.length);
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
