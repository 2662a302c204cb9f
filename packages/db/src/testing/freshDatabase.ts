import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, migrationsFolder, openDatabase, wrapPglite } from '../database';

/**
 * PGlite's initdb takes about 5 s; loading a dump of an already migrated database takes about 1 s.
 * The dump is cached in the temp folder, keyed by the migrations it contains.
 */
async function migratedPgliteSnapshot(): Promise<Blob> {
  const digest = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json'))
      digest.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  const snapshotPath = path.join(tmpdir(), `quizbeam-pglite-${digest.digest('hex').slice(0, 16)}.tar`);
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
 * A fresh, migrated database for one test file: a new PostgreSQL database when DATABASE_URL is
 * set (dropped again on close), otherwise an in-memory PGlite.
 */
export async function openTestDatabase(
  databaseUrl = process.env.DATABASE_URL,
): Promise<DatabaseHandle & { url?: string }> {
  if (!databaseUrl) {
    const handle = wrapPglite(await PGlite.create({ loadDataDir: await migratedPgliteSnapshot() }));
    await handle.migrate();
    return handle;
  }
  const name = `quizbeam_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      // The pool's connections close a moment after pool.end() resolves; forcing the drop at once would
      // terminate them mid-close, and their client would raise the termination as an unhandled error.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await dropper.query(`DROP DATABASE IF EXISTS ${name}${attempt < 50 ? '' : ' WITH (FORCE)'}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      await dropper.end();
    },
  };
}
