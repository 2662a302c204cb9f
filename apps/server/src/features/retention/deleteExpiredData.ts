import type { Database } from '@quizbeam/db/database';
import { accounts, quizzes } from '@quizbeam/db/schema';
import { eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';

/**
 * Rows per delete statement. Each statement is its own short transaction, so the row locks it takes are
 * released within milliseconds and the visitor API's inserts never queue behind a night's deletion.
 */
export const RETENTION_BATCH_SIZE = 5000;

const DAY_MS = 24 * 60 * 60_000;

export interface AccountRetention {
  accountId: string;
  retentionDays: number;
}

export interface DeletedRows {
  visitorEvents: number;
  analyticsVisits: number;
  leads: number;
  deliveryAttempts: number;
}

export interface DeleteExpiredOptions {
  batchSize?: number;
  /** Asked before each batch: false ends the run early (the process is stopping); the rest waits for the next run. */
  keepGoing?: () => boolean;
}

/** The accounts that set a retention period. */
export async function accountsWithRetention(db: Database): Promise<AccountRetention[]> {
  const rows = await db
    .select({ accountId: accounts.id, retentionDays: accounts.retentionDays })
    .from(accounts)
    .where(isNotNull(accounts.retentionDays));
  return rows.flatMap((row) =>
    row.retentionDays === null ? [] : [{ accountId: row.accountId, retentionDays: row.retentionDays }],
  );
}

export const retentionCutoff = (now: Date, retentionDays: number): Date =>
  new Date(now.getTime() - retentionDays * DAY_MS);

const countRows = z.object({ rows: z.array(z.object({ count: z.coerce.number() })) });

/** Runs one batch's delete (a statement `delete … returning 1`) and answers how many rows it removed. */
async function deleteBatch(db: Database, deleteReturning: SQL): Promise<number> {
  const result = await db.execute(
    sql`with deleted as (${deleteReturning}) select count(*) as count from deleted`,
  );
  return countRows.parse(result).rows[0]?.count ?? 0;
}

/** Repeats a batch until one removes fewer than a full batch (or the run is told to stop). */
async function deleteInBatches(
  db: Database,
  batch: (limit: number) => SQL,
  batchSize: number,
  keepGoing: () => boolean,
): Promise<number> {
  let total = 0;
  while (keepGoing()) {
    const deleted = await deleteBatch(db, batch(batchSize));
    total += deleted;
    if (deleted < batchSize) break;
  }
  return total;
}

/**
 * Deletes the account's visitor events, analytics visits and leads (their deliveries and attempts go with
 * them by cascade) older than its retention period, then any older delivery attempts of newer leads.
 * Events are found through the (quiz_id, id) index one quiz at a time, oldest first.
 */
export async function deleteExpiredAccountData(
  db: Database,
  account: AccountRetention,
  now: Date,
  options: DeleteExpiredOptions = {},
): Promise<DeletedRows> {
  const batchSize = options.batchSize ?? RETENTION_BATCH_SIZE;
  const keepGoing = options.keepGoing ?? (() => true);
  const cutoff = retentionCutoff(now, account.retentionDays).toISOString();
  const deleted: DeletedRows = { visitorEvents: 0, analyticsVisits: 0, leads: 0, deliveryAttempts: 0 };
  const quizRows = await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(eq(quizzes.accountId, account.accountId));

  for (const { id: quizId } of quizRows) {
    deleted.visitorEvents += await deleteInBatches(
      db,
      (limit) => sql`delete from visitor_events where id in (
        select id from visitor_events
        where quiz_id = ${quizId} and created_at < ${cutoff}::timestamptz
        order by id limit ${limit}) returning 1`,
      batchSize,
      keepGoing,
    );
    deleted.analyticsVisits += await deleteInBatches(
      db,
      (limit) => sql`delete from analytics_visits where quiz_id = ${quizId} and visit_id in (
        select visit_id from analytics_visits
        where quiz_id = ${quizId} and visited_at < ${cutoff}::timestamptz
        limit ${limit}) returning 1`,
      batchSize,
      keepGoing,
    );
    deleted.leads += await deleteInBatches(
      db,
      (limit) => sql`delete from leads where id in (
        select id from leads
        where quiz_id = ${quizId} and created_at < ${cutoff}::timestamptz
        order by created_at limit ${limit}) returning 1`,
      batchSize,
      keepGoing,
    );
  }
  deleted.deliveryAttempts = await deleteInBatches(
    db,
    (limit) => sql`delete from delivery_attempts where id in (
      select attempt.id from delivery_attempts attempt
      join lead_deliveries delivery on delivery.id = attempt.delivery_id
      where delivery.account_id = ${account.accountId} and attempt.started_at < ${cutoff}::timestamptz
      limit ${limit}) returning 1`,
    batchSize,
    keepGoing,
  );
  return deleted;
}
