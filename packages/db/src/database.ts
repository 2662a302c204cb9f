import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if ('databaseUrl' in location) {
    const pool = new pg.Pool({ connectionString: location.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ('pgliteDir' in location) {
    mkdirSync(location.pgliteDir, { recursive: true });
    client = await PGlite.create(location.pgliteDir);
  } else {
    client = await PGlite.create();
  }
  return wrapPglite(client);
}

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
