import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { repositoryRoot } from './repositoryRoot';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the app uses, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseLocation = { databaseUrl: string } | { pgliteDir: string } | { inMemory: true };

/** From the repository root, so the server's bundle (apps/server/dist) finds it too. */
export const migrationsFolder = path.join(repositoryRoot(import.meta.url), 'packages/db/drizzle');

/**
 * The key of the session-level advisory lock PostgreSQL migrations run under: the ASCII bytes of "QUIZBEAM"
 * read as one 64-bit number (as text: JavaScript numbers cannot hold it exactly). Every Quizbeam process on
 * a database uses it, so only one migrates at a time; another application's locks would need this very number.
 */
export const MIGRATION_LOCK_KEY = '5860671142100287821';

/**
 * Several processes may start together on one database (a rolling upgrade, a scaled-out deploy). Without
 * the lock, both read "nothing applied yet" and both run the same migration, and one fails on what the
 * other created. Under it, the others wait, then find every migration applied and do nothing. The lock
 * belongs to one connection, which also runs the migrations: a process that dies mid-way loses its
 * connection, so its transaction rolls back and the lock is freed with it.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    await client.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
    client.release();
  } catch (error) {
    // After a failure the connection's state is unknown: closing it ends the session, which frees the lock too.
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}

/**
 * PGlite options for an embedded database opened for a moment (a CLI command, a test): PostgreSQL zeroes its
 * whole buffer pool at every start, and its default 128 MB of it cost about 0.4 s of each open. A command
 * reads a few pages; the data folder's reads still go through the system's file cache.
 */
export const briefPgliteOptions: PGliteOptions = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
};

/** `brief`: opened for one command, not for a server's lifetime (see briefPgliteOptions). */
export async function openDatabase(
  location: DatabaseLocation,
  { brief = false }: { brief?: boolean } = {},
): Promise<DatabaseHandle> {
  if ('databaseUrl' in location) {
    const pool = new pg.Pool({ connectionString: location.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateUnderLock(pool),
      close: () => pool.end(),
    };
  }
  const options = brief ? briefPgliteOptions : {};
  let client: PGlite;
  if ('pgliteDir' in location) {
    mkdirSync(location.pgliteDir, { recursive: true });
    client = await PGlite.create(location.pgliteDir, options);
  } else {
    client = await PGlite.create(options);
  }
  return wrapPglite(client);
}

/**
 * No migration lock on PGlite: its database lives in one process (a data folder is opened by one process at
 * a time; the CLI hands its commands to the server that has it open) and runs one query at a time, so no one
 * else can be migrating it meanwhile.
 */
export function wrapPglite(client: PGlite): DatabaseHandle & { client: PGlite } {
  const db = drizzlePglite(client, { schema });
  return {
    db,
    client,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * The PGlite client under a database opened on PGlite, or null on PostgreSQL: what a backup of the embedded
 * database dumps (`dumpDataDir`, which waits its turn with the queries, so the copy is consistent).
 */
export function embeddedClientOf(db: Database): PGlite | null {
  const client: unknown = (db as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}
