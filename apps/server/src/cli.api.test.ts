import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { openTestDatabase } from '@quizbeam/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const cliPath = fileURLToPath(new URL('./cli.ts', import.meta.url));
const tsxPath = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'quizbeam-cli-'));
let env: NodeJS.ProcessEnv;
let closeDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  if (process.env.DATABASE_URL) {
    const database = await openTestDatabase();
    env.DATABASE_URL = database.url;
    closeDatabase = database.close;
  }
});
afterAll(async () => {
  await closeDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(tsxPath, [cliPath, ...args], { env });
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
