import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  briefPgliteOptions,
  type DatabaseHandle,
  migrationsFolder,
  openDatabase,
  wrapPglite,
} from '../database';
import { reusedPglite } from './reusedPglite';

/** Names what a migrated database contains: changes with any migration file. */
function migrationsDigest(): string {
  const digest = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json'))
      digest.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  return digest.digest('hex').slice(0, 16);
}

/**
 * PGlite's initdb takes about 5 s; loading a dump of an already migrated database takes about 1 s.
 * The dump is cached in the temp folder, keyed by the migrations it contains.
 */
async function migratedPgliteSnapshot(): Promise<Blob> {
  const snapshotPath = path.join(tmpdir(), `quizbeam-pglite-${migrationsDigest()}.tar`);
  try {
    return new Blob([readFileSync(snapshotPath)]);
  } catch {
    const handle = wrapPglite(await PGlite.create());
    await handle.migrate();
    const dump = await handle.client.dumpDataDir('none');
    await handle.close();
    const partial = `${snapshotPath}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, snapshotPath);
    return dump;
  }
}

/**
 * Gives a data folder (DATA_DIR) the embedded database a first start would make, already migrated, as
 * `<dataDir>/pglite`: for tests that run the CLI or the server as a child process on PGlite, where initdb
 * and the migrations took seconds per folder. Tests of the first start itself leave their folder empty.
 */
export async function seedMigratedPglite(dataDir: string): Promise<void> {
  const cached = path.join(tmpdir(), `quizbeam-pglite-folder-${migrationsDigest()}`);
  if (!existsSync(cached)) {
    const building = mkdtempSync(`${cached}-partial-`);
    const client = await PGlite.create(building, {
      ...briefPgliteOptions,
      loadDataDir: await migratedPgliteSnapshot(),
    });
    await client.close();
    try {
      renameSync(building, cached);
    } catch (error) {
      // Another test process made it meanwhile.
      rmSync(building, { recursive: true, force: true });
      if (!existsSync(cached)) throw error;
    }
  }
  cpSync(cached, path.join(dataDir, 'pglite'), { recursive: true });
}

export type TestDatabase = DatabaseHandle & {
  /** Set on PostgreSQL: the test database's own address. */
  url?: string;
  /** Closes the connection without tidying up, as a database that went away: `close` still tidies up. */
  disconnect(): Promise<void>;
};

/**
 * A migrated database as the migrations left it: a new PostgreSQL database when DATABASE_URL is set (dropped
 * again on close), otherwise an in-memory PGlite (returned to the worker's idle ones on close).
 */
export async function openTestDatabase(databaseUrl = process.env.DATABASE_URL): Promise<TestDatabase> {
  if (!databaseUrl) {
    return reusedPglite(async () => {
      const client = await PGlite.create({
        ...briefPgliteOptions,
        loadDataDir: await migratedPgliteSnapshot(),
      });
      // A no-op on the snapshot; kept so a test database is migrated whatever made it.
      await wrapPglite(client).migrate();
      return client;
    });
  }
  const name = `quizbeam_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const template = await migratedPostgresTemplate(admin, databaseUrl);
    await retryWhileInUse(() => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  } finally {
    await admin.end();
  }
  const url = databaseUrlFor(databaseUrl, name);
  const handle = await openDatabase({ databaseUrl: url });
  // A no-op on a copy of the template; kept so a test database is migrated whatever made it.
  await handle.migrate();
  let connected = true;
  const disconnect = async () => {
    if (connected) await handle.close();
    connected = false;
  };
  return {
    ...handle,
    url,
    disconnect,
    async close() {
      await disconnect();
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      // The pool's connections close a moment after pool.end() resolves; forcing the drop at once would
      // terminate them mid-close, and their client would raise the termination as an unhandled error.
      await retryWhileInUse((lastTry) =>
        dropper.query(`DROP DATABASE IF EXISTS ${name}${lastTry ? ' WITH (FORCE)' : ''}`),
      );
      await dropper.end();
    },
  };
}

function databaseUrlFor(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Any of one advisory lock's keys: only one test process builds the template, the others wait for it. */
const TEMPLATE_LOCK = 7_411_992;

/**
 * Migrating a new PostgreSQL database took about a second per test file; copying an already migrated
 * template (CREATE DATABASE … TEMPLATE) takes a fraction of that. The template is named by the migrations
 * it contains, made once, and those of older migrations are dropped.
 */
async function migratedPostgresTemplate(admin: pg.Client, databaseUrl: string): Promise<string> {
  const template = `quizbeam_template_${migrationsDigest()}`;
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    const existing = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'quizbeam\\_template\\_%'",
    );
    const names = existing.rows.map((row) => row.datname);
    for (const stale of names.filter((name) => name !== template)) {
      await admin.query(`DROP DATABASE IF EXISTS ${stale} WITH (FORCE)`);
    }
    if (!names.includes(template)) {
      const building = `${template}_partial`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const handle = await openDatabase({ databaseUrl: databaseUrlFor(databaseUrl, building) });
      await handle.migrate();
      await handle.close();
      await retryWhileInUse(() => admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`));
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
  return template;
}

/** Retries a statement PostgreSQL refuses while another session is still connected (55006), up to 1 s. */
async function retryWhileInUse(statement: (lastTry: boolean) => Promise<unknown>): Promise<void> {
  const attempts = 50;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await statement(attempt === attempts);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
