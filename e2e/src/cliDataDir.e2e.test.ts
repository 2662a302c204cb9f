// An operator starts the server with a DATA_DIR of their own and creates the first account as the start
// message says. The command it prints must reach that server's database, and the CLI run without that
// folder must say where it would write instead of writing there.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliPath, type RunningServer, repoRoot, startServer } from './serverProcess';

const run = promisify(execFile);

let server: RunningServer;
const dataDir = mkdtempSync(path.join(tmpdir(), 'quizbeam-own-data-'));
/** Where the mistaken CLI starts: its default DATA_DIR, ./data, is then a folder of this test's. */
const startFolder = mkdtempSync(path.join(tmpdir(), 'quizbeam-cli-start-'));

beforeAll(async () => {
  server = await startServer({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(startFolder, { recursive: true, force: true });
});

/** The environment of another terminal: none of the server's settings. */
function anotherTerminal(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { DATA_DIR: _dataDir, PORT: _port, ...inherited } = process.env;
  return { ...inherited, DATABASE_URL: '', ...extra };
}

async function shell(command: string, cwd: string, env: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await run('sh', ['-c', command], { cwd, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the CLI and a server on a DATA_DIR of its own', () => {
  it('prints the command with that DATA_DIR, and the command creates the account in the server’s database', async () => {
    const lines = server.output().split('\n');
    const heading = lines.findIndex((line) => line.includes('Create the first account in another terminal:'));
    const printed = lines[heading + 1]?.trim() ?? '';
    expect(printed).toBe(
      `DATA_DIR=${dataDir} npm run cli -- account:create --email you@example.com --name "Your Company" --password "choose-a-password" --admin`,
    );
    // As typed, except for the compiled CLI in place of `npm run cli` (which would first check the build).
    const created = await shell(
      printed.replace('npm run cli --', `${process.execPath} ${cliPath}`),
      repoRoot,
      anotherTerminal(),
    );
    expect([created.code, created.stderr]).toEqual([0, '']);
    const login = await fetch(`${server.appUrl}/api/login`, {
      method: 'POST',
      headers: { origin: new URL(server.appUrl).origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'you@example.com', password: 'choose-a-password' }),
    });
    expect(login.status).toBe(200);
  });

  it('stops a CLI on the default folder, saying where it would write and how to reach the server', async () => {
    const port = new URL(server.appUrl).port;
    const defaultFolder = path.join(startFolder, 'data');
    const refused = await shell(
      `${process.execPath} ${cliPath} account:create --email lost@example.com --name Lost --password secret1`,
      startFolder,
      anotherTerminal({ PORT: port }),
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `Error: A Quizbeam server is running on port ${port}, but not on ${defaultFolder} (there is no server.json in it).\nThis command would write to the embedded database in ${defaultFolder}, which that server does not read.`,
    );
    expect(refused.stderr).toContain('DATA_DIR=/path/to/its/data npm run cli -- account:create …');
    expect(existsSync(defaultFolder)).toBe(false);
  });
});
