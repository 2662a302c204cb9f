import type { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, wrapPglite } from '../database';

/**
 * Opening an in-memory PGlite from the migrated snapshot costs about a second of CPU; putting a used one
 * back to the migrated state costs a tenth of that. So a closed test database goes back to its worker's
 * idle list, emptied, and the next test that asks for one gets it. Each test still sees a database exactly as
 * the migrations left it: every table truncated, the rows the migrations wrote put back, sequences restored.
 * One whose schema a test changed, or that a test left unusable, is closed instead of reused.
 */

/** What the migrations left in a database: compared and restored before a database is reused. */
interface MigratedState {
  fingerprint: string;
  tables: string[];
  rows: { table: string; json: string }[];
  sequences: { name: string; lastValue: string | null }[];
}

/** Enough for the tests that hold two or three at once; more idle ones would only hold memory. */
const MOST_IDLE = 2;
const idle: PGlite[] = [];
let migratedState: MigratedState | undefined;

const inUserSchema = (namespaceColumn: string) =>
  `${namespaceColumn}::regnamespace::text not in ('pg_catalog', 'information_schema', 'pg_toast')`;

/** Names every object a test could add, drop or alter: the one check that a database is still the migrated one. */
const FINGERPRINT = `select md5(string_agg(item, ',' order by item)) as fingerprint from (
  select format('rel %s.%s %s', c.relnamespace::regnamespace, c.relname, c.relkind) as item from pg_class c
    where ${inUserSchema('c.relnamespace')}
  union all select format('col %s.%s %s %s %s', a.attrelid::regclass, a.attname, a.atttypid, a.attnotnull, a.atthasdef)
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where ${inUserSchema('c.relnamespace')} and a.attnum > 0 and not a.attisdropped
  union all select format('fn %s.%s', p.pronamespace::regnamespace, p.proname) from pg_proc p
    where ${inUserSchema('p.pronamespace')}
  union all select format('trigger %s.%s %s', t.tgrelid::regclass, t.tgname, t.tgenabled) from pg_trigger t
  union all select format('constraint %s.%s', c.conrelid::regclass, c.conname) from pg_constraint c
    where ${inUserSchema('c.connamespace')}
  union all select format('type %s.%s', t.typnamespace::regnamespace, t.typname) from pg_type t
    where ${inUserSchema('t.typnamespace')}
  union all select 'role ' || rolname from pg_roles
  union all select 'extension ' || extname from pg_extension
) items`;

async function fingerprintOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT);
  return rows[0]?.fingerprint ?? '';
}

async function readMigratedState(client: PGlite): Promise<MigratedState> {
  const tables = (
    await client.query<{ name: string }>(
      `select format('%I.%I', c.relnamespace::regnamespace, c.relname) as name from pg_class c
        where c.relkind in ('r', 'p') and c.relpersistence = 'p' and ${inUserSchema('c.relnamespace')}
        order by 1`,
    )
  ).rows.map((row) => row.name);
  const rows: MigratedState['rows'] = [];
  for (const table of tables) {
    const { rows: found } = await client.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${table} t`,
    );
    const json = found[0]?.json;
    if (json) rows.push({ table, json });
  }
  const sequences = (
    await client.query<{ name: string; lastValue: string | null }>(
      `select format('%I.%I', schemaname, sequencename) as name, last_value::text as "lastValue" from pg_sequences`,
    )
  ).rows;
  return { fingerprint: await fingerprintOf(client), tables, rows, sequences };
}

/** Back to what the migrations left; throws when that cannot be done exactly (the caller then closes it). */
async function resetToMigrated(client: PGlite, state: MigratedState): Promise<void> {
  // Session leftovers: settings, advisory locks, listeners, prepared statements, temporary tables.
  await client.exec('DISCARD ALL');
  if ((await fingerprintOf(client)) !== state.fingerprint) throw new Error('a test changed the schema');
  await client.transaction(async (tx) => {
    // Replica role: the restored rows fire no triggers and are not checked against rows not yet restored.
    await tx.exec(`set local session_replication_role = replica;
      truncate ${state.tables.join(', ')} restart identity cascade`);
    for (const { table, json } of state.rows) {
      await tx.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1)`, [
        json,
      ]);
    }
    for (const { name, lastValue } of state.sequences) {
      await (lastValue === null
        ? tx.query(
            'select setval($1::regclass, seqstart, false) from pg_sequence where seqrelid = $1::regclass',
            [name],
          )
        : tx.query('select setval($1::regclass, $2::bigint, true)', [name, lastValue]));
    }
  });
}

async function putBack(client: PGlite): Promise<void> {
  if (client.closed) return;
  if (migratedState && idle.length < MOST_IDLE) {
    try {
      await resetToMigrated(client, migratedState);
      idle.push(client);
      return;
    } catch {
      // Not reusable as it is: closed below, and a later test gets a fresh one.
    }
  }
  await client.close().catch(() => {});
}

export type ReusedPgliteHandle = DatabaseHandle & {
  /** Closes the connection for good, as a database that went away would be: nothing reuses it. */
  disconnect(): Promise<void>;
};

/**
 * A migrated in-memory database: an idle one of this worker's, or a new one from `openMigrated`. Closing the
 * handle returns it; a call through the handle after that fails rather than reaching the next test's data.
 */
export async function reusedPglite(openMigrated: () => Promise<PGlite>): Promise<ReusedPgliteHandle> {
  let client = idle.pop();
  if (!client) {
    client = await openMigrated();
    migratedState ??= await readMigratedState(client);
  }
  const owned = client;
  let open = true;
  const guarded = new Proxy(owned, {
    get(target, property) {
      if (!open) throw new Error('This test database was closed.');
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const handle = wrapPglite(guarded);
  return {
    ...handle,
    async close() {
      if (!open) return;
      open = false;
      await putBack(owned);
    },
    async disconnect() {
      open = false;
      await owned.close();
    },
  };
}
