import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Database, migrationsFolder } from '@quizbeam/db/database';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

const journalSchema = z.object({ entries: z.array(z.object({ tag: z.string(), when: z.number() })) });
const appliedRows = z.object({ rows: z.array(z.object({ created_at: z.coerce.number() })) });

export interface Migration {
  tag: string;
  when: number;
}

/** The migrations this build ships, from drizzle-kit's journal. */
export function shippedMigrations(folder = migrationsFolder): Migration[] {
  const journal = journalSchema.parse(
    JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')),
  );
  return journal.entries;
}

/**
 * The shipped migrations the database has not applied. Drizzle's migrator (the same pg-core dialect on
 * PGlite and node-postgres) records each applied migration in `drizzle.__drizzle_migrations` with the
 * journal entry's `when` as `created_at`; a database never migrated has no such table, and the query fails.
 */
export async function missingMigrations(
  db: Pick<Database, 'execute'>,
  shipped: Migration[],
): Promise<Migration[]> {
  const result = await db.execute(sql`select created_at from drizzle.__drizzle_migrations`);
  const applied = new Set(appliedRows.parse(result).rows.map((row) => row.created_at));
  return shipped.filter((migration) => !applied.has(migration.when));
}
