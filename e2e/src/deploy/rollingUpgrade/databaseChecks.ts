import pg from 'pg';
import { MIGRATION_LOCK_KEY } from '../../../../packages/db/src/database';

/** What the test reads from the cluster's database, each on a connection of its own. */
async function query<Row extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** How many times each applied migration (by the journal's `when`) was recorded. */
export async function appliedMigrations(url: string): Promise<{ when: number; times: number }[]> {
  const rows = await query<{ created_at: string; times: number }>(
    url,
    'select created_at, count(*)::int as times from drizzle.__drizzle_migrations group by created_at order by created_at',
  );
  return rows.map((row) => ({ when: Number(row.created_at), times: row.times }));
}

export async function hasColumn(url: string, table: string, column: string): Promise<boolean> {
  const rows = await query(
    url,
    "select 1 from information_schema.columns where table_schema = 'public' and table_name = $1 and column_name = $2",
    [table, column],
  );
  return rows.length === 1;
}

/** How many times each email left a lead on the quiz. */
export async function leadCountsByEmail(url: string, quizId: string): Promise<Map<string, number>> {
  const rows = await query<{ email: string; times: number }>(
    url,
    'select email, count(*)::int as times from leads where quiz_id = $1 group by email',
    [quizId],
  );
  return new Map(rows.map((row) => [row.email, row.times]));
}

/** Connections of this database waiting for the migration lock, i.e. processes started but not migrating yet. */
export async function waitingForMigrationLock(url: string): Promise<number> {
  const [row] = await query<{ waiting: number }>(
    url,
    `select count(*)::int as waiting from pg_locks l join pg_database d on d.oid = l.database
     where l.locktype = 'advisory' and not l.granted and d.datname = current_database()
       and ((l.classid::bigint << 32) | l.objid::bigint) = $1::bigint`,
    [MIGRATION_LOCK_KEY],
  );
  return row?.waiting ?? 0;
}

/**
 * Takes the migration lock on a connection of its own, as a process in the middle of migrating holds it, until
 * `release()`: processes started meanwhile are seen waiting whatever their timing.
 */
export async function holdMigrationLock(url: string): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
  return {
    async release() {
      await client.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
      await client.end();
    },
  };
}
