import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../database';
import { openTestDatabase } from './freshDatabase';

async function one<T>(db: Database, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  const [row] = result.rows;
  if (!row) throw new Error('no row');
  return row;
}

const counts = (db: Database) =>
  one<{ accounts: number; migrations: number; sequence: string }>(
    db,
    sql`select (select count(*)::int from accounts) as accounts,
      (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
      (select last_value::text from pg_sequences where sequencename = '__drizzle_migrations_id_seq') as sequence`,
  );

const accountsFile = async (db: Database) =>
  (await one<{ file: string }>(db, sql`select pg_relation_filenode('accounts')::text as file`)).file;

describe.skipIf(process.env.DATABASE_URL)('a closed PGlite test database, reused', () => {
  it('comes back as the migrations left it: rows gone, migration rows and sequences restored', async () => {
    const first = await openTestDatabase();
    const migrated = await counts(first.db);
    const fileBefore = await accountsFile(first.db);
    await first.db.execute(sql`insert into accounts (id, name) values (gen_random_uuid(), 'Left behind')`);
    await first.db.execute(sql`delete from drizzle.__drizzle_migrations where id = 1`);
    await first.db.execute(
      sql`select nextval('drizzle.__drizzle_migrations_id_seq') from generate_series(1, 5)`,
    );
    await first.db.execute(sql`select pg_advisory_lock(42)`);
    await first.close();

    const second = await openTestDatabase();
    // A truncated table has a new file: this is the same database, emptied rather than opened anew.
    expect(await accountsFile(second.db)).not.toBe(fileBefore);
    expect(await counts(second.db)).toEqual({ ...migrated, accounts: 0 });
    expect(await one(second.db, sql`select pg_try_advisory_lock(42) as taken`)).toEqual({ taken: true });
    await second.close();
  });

  it('refuses calls through a handle once it is closed', async () => {
    const database = await openTestDatabase();
    await database.close();
    const failure = await database.db.execute(sql`select 1`).then(
      () => undefined,
      (error: Error) => error.cause,
    );
    expect(failure).toEqual(new Error('This test database was closed.'));
  });

  it('is not reused when a test changed its schema or disconnected it', async () => {
    const altered = await openTestDatabase();
    await altered.db.execute(sql`alter table accounts add column left_behind text`);
    await altered.close();
    const disconnected = await openTestDatabase();
    await disconnected.disconnect();
    await disconnected.close();

    const next = await openTestDatabase();
    const columns = await one<{ names: string[] }>(
      next.db,
      sql`select array_agg(column_name::text) as names from information_schema.columns where table_name = 'accounts'`,
    );
    expect(columns.names).not.toContain('left_behind');
    expect((await counts(next.db)).accounts).toBe(0);
    await next.close();
  });
});
