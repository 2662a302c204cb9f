import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_KEY, migrationsFolder, openDatabase } from './database';

const postgresUrl = process.env.DATABASE_URL;
const shippedCount = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/** Runs `query` on its own connection to `url` and closes it. */
async function queryOnce<Row extends pg.QueryResultRow>(
  url: string,
  query: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(query, values)).rows;
  } finally {
    await client.end();
  }
}

const appliedMigrations = (url: string) =>
  queryOnce<{ created_at: string; times: string }>(
    url,
    'select created_at, count(*) as times from drizzle.__drizzle_migrations group by created_at',
  );
const advisoryLocksHeld = (url: string) =>
  queryOnce<{ pid: number }>(
    url,
    "select pid from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
  );

// PGlite needs no lock (one process owns its database), so these checks are for PostgreSQL only.
describe.skipIf(!postgresUrl)('migrations on PostgreSQL under an advisory lock', () => {
  const created: string[] = [];

  /** An empty database, never migrated, as a first deploy finds it. */
  async function emptyDatabase(): Promise<string> {
    const name = `quizbeam_lock_${randomBytes(6).toString('hex')}`;
    await queryOnce(postgresUrl ?? '', `create database ${name}`);
    created.push(name);
    return Object.assign(new URL(postgresUrl ?? ''), { pathname: `/${name}` }).toString();
  }

  afterEach(async () => {
    for (const name of created.splice(0)) {
      await queryOnce(postgresUrl ?? '', `drop database if exists ${name} with (force)`);
    }
  });

  it('applies each migration once when two openers migrate a fresh database at the same moment', async () => {
    const url = await emptyDatabase();
    const first = await openDatabase({ databaseUrl: url });
    const second = await openDatabase({ databaseUrl: url });
    try {
      const outcomes = await Promise.allSettled([first.migrate(), second.migrate()]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
    const applied = await appliedMigrations(url);
    expect(applied).toHaveLength(shippedCount);
    expect(applied.filter((row) => Number(row.times) !== 1)).toEqual([]);
    expect(await advisoryLocksHeld(url)).toEqual([]);
  });

  it('waits while another process holds the lock, then migrates and lets it go', async () => {
    const url = await emptyDatabase();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    const opener = await openDatabase({ databaseUrl: url });
    try {
      let finished = false;
      const migrating = opener.migrate().then(() => {
        finished = true;
      });
      // The opener's connection shows up waiting on the advisory lock, having changed nothing.
      await expect
        .poll(
          async () =>
            (
              await queryOnce<{ waiting: string }>(
                url,
                "select count(*) as waiting from pg_stat_activity where wait_event_type = 'Lock' and wait_event = 'advisory' and datname = current_database()",
              )
            )[0]?.waiting,
          { timeout: 5_000, interval: 50 },
        )
        .toBe('1');
      expect(finished).toBe(false);
      expect(
        await queryOnce(url, "select 1 from information_schema.schemata where schema_name = 'drizzle'"),
      ).toEqual([]);

      await holder.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
      await migrating;
      expect(await appliedMigrations(url)).toHaveLength(shippedCount);
      expect(await advisoryLocksHeld(url)).toEqual([]);
    } finally {
      await holder.end();
      await opener.close();
    }
  });
});
