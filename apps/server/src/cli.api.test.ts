import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { openDatabase } from '@quizbeam/db/database';
import { quizzes } from '@quizbeam/db/schema';
import { openTestDatabase, seedMigratedPglite } from '@quizbeam/db/testing';
import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { removeServerControl, writeServerControl } from './features/internal/controlFile';
import { compiledCliPath } from './testing/compiledCli';
import { startTestApp, type TestApp } from './testing/testApp';

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), 'quizbeam-cli-'));
let env: NodeJS.ProcessEnv;
let closeDatabase: (() => Promise<void>) | undefined;
/**
 * PORT for the CLI: one nothing listens on, so that a server someone runs on this machine's port 3000 is not
 * taken for the server of these folders (the CLI would then refuse, see cliDataDir.api.test.ts).
 */
let quietPort = '';

/** A loopback port the system just handed out and took back: nothing listens on it. */
async function unusedPort(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return String(port);
}

beforeAll(async () => {
  quietPort = await unusedPort();
  env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: quietPort };
  if (process.env.DATABASE_URL) {
    const database = await openTestDatabase();
    env.DATABASE_URL = database.url;
    closeDatabase = database.close;
  } else {
    await seedMigratedPglite(dataDir);
  }
});
afterAll(async () => {
  await closeDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

async function cli(...args: string[]) {
  return cliIn(env, ...args);
}

async function cliIn(env: NodeJS.ProcessEnv, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [await compiledCliPath(), ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe(`npm run cli (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('creates accounts, refuses duplicates and bad flags, and lists them', async () => {
    const created = await cli(
      'account:create',
      '--email',
      'Owner@Example.com',
      '--name',
      'Acme',
      '--password',
      'secret1',
      '--admin',
      '--commercial',
    );
    expect(created.code).toBe(0);
    expect(created.stdout.trim()).toMatch(/^[0-9a-f-]{36}$/);

    const duplicate = await cli(
      'account:create',
      '--email',
      'owner@example.COM',
      '--name',
      'Other',
      '--password',
      'secret1',
    );
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('Error: A user with the email owner@example.COM already exists.');

    const badFlag = await cli('account:create', '--email', 'x@example.com', '--name', 'X', '--superuser');
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toContain("Unknown option '--superuser'");
    expect(badFlag.stderr).toContain('Usage:');

    const missingName = await cli('account:create', '--email', 'x@example.com');
    expect(missingName.code).toBe(2);
    expect(missingName.stderr).toContain('--name is required.');

    const shortPassword = await cli(
      'account:create',
      '--email',
      'y@example.com',
      '--name',
      'Y',
      '--password',
      'abc',
    );
    expect(shortPassword.code).toBe(1);
    expect(shortPassword.stderr).toContain('at least 6 characters');

    const invited = await cli(
      'account:create',
      '--email',
      'new@example.com',
      '--name',
      'Newco',
      '--limited',
      '--pro',
    );
    expect(invited.code).toBe(0);
    expect(invited.stderr).toContain('set-password email has been sent');
    expect(readdirSync(path.join(dataDir, 'outbox')).length).toBe(1);

    const listed = await cli('account:list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${created.stdout.trim()}  Acme  [commercialFeatures]`);
    // Stored with its domain as the email rule writes it: lower case (and ASCII for an internationalized one).
    expect(listed.stdout).toContain('Owner@example.com (admin)');
    expect(listed.stdout).toContain('Newco  [isLimited, proVersion]');
    expect(listed.stdout).toContain('new@example.com (no password yet)');

    expect((await cli('account:delete')).code).toBe(2);
  }, 90_000);
});

const onPostgres = Boolean(process.env.DATABASE_URL);

/** A DATA_DIR of its own for each step of a backup test, removed after the file. */
const folders: string[] = [];
function newFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'quizbeam-backup-'));
  folders.push(folder);
  return folder;
}

/** A data folder holding a migrated embedded database, as after a first start. */
async function startedFolder(): Promise<string> {
  const folder = newFolder();
  await seedMigratedPglite(folder);
  return folder;
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const embeddedEnv = (dataDir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  PORT: quietPort,
});

/** The names of the quizzes in an embedded database folder, opened after the CLI has closed it. */
async function quizNamesIn(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const rows = await database.db
      .select({ name: quizzes.name })
      .from(quizzes)
      .orderBy(asc(quizzes.createdAt));
    return rows.map((row) => row.name);
  } finally {
    await database.close();
  }
}

describe.runIf(onPostgres)('npm run cli -- backup and restore on PostgreSQL', () => {
  it('says in one message to use pg_dump and pg_restore', async () => {
    const file = path.join(newFolder(), 'quizbeam.tar.gz');
    for (const args of [
      ['backup', '--to', file],
      ['restore', '--from', file],
    ]) {
      const answer = await cli(...args);
      expect(answer.code).toBe(1);
      expect(answer.stderr.trim()).toBe(
        'Error: The database is PostgreSQL (DATABASE_URL): back it up with pg_dump, e.g. pg_dump --format=custom --file=quizbeam.dump "$DATABASE_URL", and restore it with pg_restore (see "Backups and data export" in the README).',
      );
    }
    expect(existsSync(file)).toBe(false);
  }, 60_000);
});

describe.skipIf(onPostgres)('npm run cli -- backup and restore (embedded PGlite)', () => {
  it('backs up with no server running, refuses an existing file, and restores into an empty data folder', async () => {
    const source = await startedFolder();
    const created = await cliIn(
      embeddedEnv(source),
      'account:create',
      '--email',
      'backup@example.com',
      '--name',
      'Backed Up',
      '--password',
      'secret1',
    );
    expect(created.code).toBe(0);
    const file = path.join(newFolder(), 'quizbeam backup.tar.gz');

    const backup = await cliIn(embeddedEnv(source), 'backup', '--to', file);
    expect(backup.code).toBe(0);
    const size = statSync(file).size;
    expect(backup.stdout).toMatch(
      new RegExp(`^Backed up the embedded database to ${file} \\((\\d+(\\.\\d)? MB|\\d+ KB)\\)\\.\n`),
    );
    expect(backup.stdout).toContain(`npm run cli -- restore --from "${file}" --replace`);
    expect(size).toBeGreaterThan(100_000);
    // It holds every account's data: readable by its owner only.
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const before = readFileSync(file);
    const again = await cliIn(embeddedEnv(source), 'backup', '--to', file);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(
      `Error: ${file} already exists. Choose a new file name: a backup never overwrites a file.`,
    );
    expect(readFileSync(file).equals(before)).toBe(true);

    const missingTo = await cliIn(embeddedEnv(source), 'backup');
    expect(missingTo.code).toBe(2);
    expect(missingTo.stderr).toContain('--to is required');
    expect(missingTo.stderr).toContain('npm run cli -- restore --from FILE [--replace]');

    const target = newFolder();
    const restored = await cliIn(embeddedEnv(target), 'restore', '--from', file);
    expect([restored.code, restored.stderr]).toEqual([0, '']);
    expect(restored.stdout).toBe(
      `Restored the embedded database in ${path.join(target, 'pglite')} from ${file}.\nStart the server with: npm start\n`,
    );
    const listed = await cliIn(embeddedEnv(target), 'account:list');
    expect(listed.stdout).toContain('Backed Up');
    expect(listed.stdout).toContain('backup@example.com');
  }, 180_000);

  it('restores over a database only with --replace, moving the old one aside, and refuses what is no backup', async () => {
    const first = await startedFolder();
    expect(
      (await cliIn(embeddedEnv(first), 'account:create', '--email', 'one@example.com', '--name', 'First'))
        .code,
    ).toBe(0);
    const file = path.join(newFolder(), 'first.tar.gz');
    expect((await cliIn(embeddedEnv(first), 'backup', '--to', file)).code).toBe(0);

    const second = await startedFolder();
    expect(
      (await cliIn(embeddedEnv(second), 'account:create', '--email', 'two@example.com', '--name', 'Second'))
        .code,
    ).toBe(0);
    const refused = await cliIn(embeddedEnv(second), 'restore', '--from', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `Error: ${path.join(second, 'pglite')} already holds a database. Add --replace to move it aside (it is kept, never deleted) and restore over it.`,
    );
    expect((await cliIn(embeddedEnv(second), 'account:list')).stdout).toContain('Second');

    const notBackup = path.join(newFolder(), 'notes.txt');
    writeFileSync(notBackup, 'not a backup');
    const wrongFile = await cliIn(embeddedEnv(second), 'restore', '--from', notBackup, '--replace');
    expect(wrongFile.code).toBe(1);
    expect(wrongFile.stderr.trim()).toBe(
      `Error: ${notBackup} is not a backup made by "npm run cli -- backup".`,
    );

    const replaced = await cliIn(embeddedEnv(second), 'restore', '--from', file, '--replace');
    expect([replaced.code, replaced.stderr]).toEqual([0, '']);
    const [kept] = readdirSync(second).filter((name) => name.startsWith('pglite-before-restore-'));
    expect(kept).toBeDefined();
    expect(replaced.stdout).toContain(
      `The database that was there is kept in ${path.join(second, kept ?? '')}.`,
    );
    const listed = (await cliIn(embeddedEnv(second), 'account:list')).stdout;
    expect(listed).toContain('First');
    expect(listed).not.toContain('Second');
    // The old database is whole where it was moved: it opens, with its account.
    expect(existsSync(path.join(second, kept ?? '', 'PG_VERSION'))).toBe(true);
  }, 240_000);

  describe('while a server runs on the data folder', () => {
    let t: TestApp;
    let server: FastifyInstance;
    const dataDir = newFolder();
    beforeAll(async () => {
      t = await startTestApp();
      const token = 'control-token-for-the-backup-test';
      server = await buildApp(t.context, {
        cliControlToken: token,
        builderDist: path.join(dataDir, 'no-builder'),
      });
      await server.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.server.address() as AddressInfo;
      // The running server's own database is not in DATA_DIR/pglite at all: a CLI that opened that folder
      // itself would find nothing to back up, so a backup there can only be the server's.
      writeServerControl(dataDir, { pid: process.pid, url: `http://127.0.0.1:${port}`, token });
    });
    afterAll(async () => {
      removeServerControl(dataDir);
      await server?.close();
      await t?.close();
    });

    it('has the server copy its database as it goes on writing, and the copy restores with the quizzes', async () => {
      const owner = await t.signIn({ name: 'Live Ltd' });
      for (const name of ['Before one', 'Before two']) {
        (await owner.send(createQuizEndpoint, { body: { name, type: 'general' } })).data();
      }
      const file = path.join(newFolder(), 'live.tar.gz');
      // Quizzes written one after the other while the backup is made: the copy holds a prefix of them.
      let writing = true;
      const written: string[] = [];
      const writer = (async () => {
        for (let index = 0; writing; index += 1) {
          const name = `During ${index}`;
          const id = crypto.randomUUID();
          const document = newQuiz({ id, name, type: 'general' });
          await t.context.db
            .insert(quizzes)
            .values({ id, accountId: owner.accountId, name, type: 'general', document });
          written.push(name);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      const backup = await cliIn(embeddedEnv(dataDir), 'backup', '--to', file);
      writing = false;
      await writer;
      expect([backup.code, backup.stderr]).toEqual([0, '']);
      expect(backup.stdout).toContain(`Backed up the embedded database to ${file}`);
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);

      const restoredDir = newFolder();
      const restored = await cliIn(embeddedEnv(restoredDir), 'restore', '--from', file);
      expect([restored.code, restored.stderr]).toEqual([0, '']);
      const names = await quizNamesIn(restoredDir);
      expect(names.slice(0, 2)).toEqual(['Before one', 'Before two']);
      expect(names.slice(2)).toEqual(written.slice(0, names.length - 2));

      // A restore while the server runs is refused, whatever the folder holds.
      const refused = await cliIn(embeddedEnv(dataDir), 'restore', '--from', file);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `A Quizbeam server (process ${process.pid}) is running on ${dataDir}. Stop it first`,
      );
    }, 180_000);
  });
});
