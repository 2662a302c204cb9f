import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { users } from '@quizbeam/db/schema';
import { openTestDatabase } from '@quizbeam/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledCliPath } from './testing/compiledCli';
import { startTestApp, type TestApp } from './testing/testApp';

/*
 * An operator starts the server with a DATA_DIR of their own, then runs `npm run cli` without it: the CLI
 * opens the default folder, finds no server there, and must not quietly write to a database the server
 * never reads.
 */

const run = promisify(execFile);
const onPostgres = Boolean(process.env.DATABASE_URL);

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let t: TestApp;
let port = 0;
/** Where the CLI starts, so that the default DATA_DIR (./data) is a folder of this test's. */
const startFolder = mkdtempSync(path.join(tmpdir(), 'quizbeam-cli-start-'));
const defaultDataDir = path.join(startFolder, 'data');

beforeAll(async () => {
  database = await openTestDatabase();
  t = await startTestApp({}, {}, database);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  await database?.close();
  rmSync(startFolder, { recursive: true, force: true });
});

/** The CLI as a user runs it in another terminal: no DATA_DIR, the server's PORT. */
async function cli(...args: string[]) {
  const { DATA_DIR: _serverDataDir, ...inherited } = process.env;
  const env = { ...inherited, PORT: String(port), DATABASE_URL: database.url ?? '' };
  try {
    const { stdout, stderr } = await run(process.execPath, [await compiledCliPath(), ...args], {
      env,
      cwd: startFolder,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const create = (email: string) => [
  'account:create',
  '--email',
  email,
  '--name',
  'Acme',
  '--password',
  'secret1',
];

async function userExists(email: string): Promise<boolean> {
  const rows = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return rows.length > 0;
}

describe.skipIf(onPostgres)('npm run cli while a server on PORT uses another data folder', () => {
  it('stops, naming the folder it would write to and how to reach the server’s, and writes nothing', async () => {
    const refused = await cli(...create('lost@example.com'));
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.trim()).toBe(
      [
        `Error: A Quizbeam server is running on port ${port}, but not on ${defaultDataDir} (there is no server.json in it).`,
        `This command would write to the embedded database in ${defaultDataDir}, which that server does not read.`,
        "To use the server's database, run the command with the server's data folder: DATA_DIR=/path/to/its/data npm run cli -- account:create …",
        "(or with the server's DATABASE_URL if it runs on PostgreSQL).",
        `To use ${defaultDataDir} all the same, add --this-data-dir.`,
      ].join('\n'),
    );
    expect(existsSync(defaultDataDir)).toBe(false);
    expect(await userExists('lost@example.com')).toBe(false);
  }, 60_000);

  it('writes to its own folder when told to with --this-data-dir', async () => {
    const created = await cli(...create('here@example.com'), '--this-data-dir');
    expect([created.code, created.stderr]).toEqual([0, '']);
    expect(created.stdout.trim()).toMatch(/^[0-9a-f-]{36}$/);
    expect(existsSync(path.join(defaultDataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(await userExists('here@example.com')).toBe(false);
  }, 90_000);
});

describe.runIf(onPostgres)('npm run cli with DATABASE_URL while a server answers on PORT', () => {
  it('writes to the database it names, with no data folder to check', async () => {
    const created = await cli(...create('shared-db@example.com'));
    expect([created.code, created.stderr]).toEqual([0, '']);
    expect(await userExists('shared-db@example.com')).toBe(true);
    expect(existsSync(defaultDataDir)).toBe(false);
  }, 60_000);
});
