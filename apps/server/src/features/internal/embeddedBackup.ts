import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { PGlite } from '@electric-sql/pglite';
import { briefPgliteOptions } from '@quizbeam/db/database';
import { AppError } from '../../shared/appError';

/*
 * Backups of the embedded database: PGlite's own dump of its data folder (a gzip'd tarball), made while it
 * waits its turn with the queries, so the copy is consistent even while the server keeps answering; and the
 * restore, which loads such a tarball into an empty data folder.
 */

export interface BackupSummary {
  file: string;
  bytes: number;
}

const GZIP_MAGIC = [0x1f, 0x8b];

const failure = (message: string) => new AppError('validation_failed', message);

const codeOf = (error: unknown) =>
  error instanceof Error && 'code' in error ? (error as NodeJS.ErrnoException).code : undefined;

/** Refuses a backup file that is already there (a backup never overwrites anything). */
export function assertBackupFileIsNew(file: string): void {
  if (existsSync(file)) {
    throw failure(`${file} already exists. Choose a new file name: a backup never overwrites a file.`);
  }
}

/** Dumps the database into `file` (created, readable by its owner only: it holds every account's data). */
export async function writeBackup(client: PGlite, file: string): Promise<BackupSummary> {
  if (!path.isAbsolute(file))
    throw failure(`The backup file must be given as an absolute path, not ${file}.`);
  assertBackupFileIsNew(file);
  if (!existsSync(path.dirname(file))) throw failure(`The folder ${path.dirname(file)} does not exist.`);
  const dump = await client.dumpDataDir('gzip');
  const output = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(Readable.fromWeb(dump.stream() as WebReadableStream<Uint8Array>), output);
  } catch (error) {
    if (codeOf(error) === 'EEXIST') assertBackupFileIsNew(file);
    // Only a file this call opened is removed, and 'wx' never opens one that was there.
    if (!output.pending) await rm(file, { force: true });
    throw error;
  }
  return { file, bytes: dump.size };
}

/** True when the embedded database folder has been initialised (PostgreSQL's PG_VERSION is in it). */
export const holdsDatabase = (pgliteDir: string) => existsSync(path.join(pgliteDir, 'PG_VERSION'));

/** Backs up the embedded database with no server running: opens it, dumps it, closes it. */
export async function backupDatabaseFolder(pgliteDir: string, file: string): Promise<BackupSummary> {
  assertBackupFileIsNew(file);
  if (!holdsDatabase(pgliteDir)) {
    throw failure(`There is no embedded database in ${pgliteDir} yet: nothing to back up.`);
  }
  const client = await PGlite.create(pgliteDir, briefPgliteOptions);
  try {
    return await writeBackup(client, file);
  } finally {
    await client.close();
  }
}

const isEmptyFolder = (folder: string) => !existsSync(folder) || readdirSync(folder).length === 0;

/** Loads the tarball into the empty folder and checks it is a Quizbeam database. */
async function loadBackup(pgliteDir: string, tarball: Buffer, file: string): Promise<void> {
  mkdirSync(pgliteDir, { recursive: true });
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...briefPgliteOptions,
      dataDir: pgliteDir,
      loadDataDir: new Blob([new Uint8Array(tarball)], { type: 'application/gzip' }),
    });
  } catch (error) {
    throw failure(`${file} could not be restored: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const { rows } = await client.query<{ found: string | null }>(
      `select to_regclass('public.quizzes')::text as found`,
    );
    if (!rows[0]?.found) throw failure(`${file} is a database, but not a Quizbeam one.`);
  } finally {
    await client.close();
  }
}

export interface RestoreSummary {
  pgliteDir: string;
  /** Where the database that was there went (with --replace), or null when the folder was empty. */
  movedAside: string | null;
}

/**
 * Restores a backup into the embedded database folder, which must be empty unless `replace` is given: then
 * the database there is moved aside (renamed, never deleted), and moved back if the restore fails.
 */
export async function restoreDatabaseFolder({
  pgliteDir,
  file,
  replace,
  now = new Date(),
}: {
  pgliteDir: string;
  file: string;
  replace: boolean;
  now?: Date;
}): Promise<RestoreSummary> {
  let tarball: Buffer;
  try {
    tarball = await readFile(file);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') throw failure(`${file} does not exist.`);
    throw error;
  }
  if (tarball[0] !== GZIP_MAGIC[0] || tarball[1] !== GZIP_MAGIC[1]) {
    throw failure(`${file} is not a backup made by "npm run cli -- backup".`);
  }
  let movedAside: string | null = null;
  if (!isEmptyFolder(pgliteDir)) {
    if (!replace) {
      throw failure(
        `${pgliteDir} already holds a database. Add --replace to move it aside (it is kept, never deleted) and restore over it.`,
      );
    }
    movedAside = `${pgliteDir}-before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(pgliteDir, movedAside);
  }
  try {
    await loadBackup(pgliteDir, tarball, file);
  } catch (error) {
    rmSync(pgliteDir, { recursive: true, force: true });
    if (movedAside) renameSync(movedAside, pgliteDir);
    throw error;
  }
  return { pgliteDir, movedAside };
}
