import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnWatched, untilPrinted } from './childProcess';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The compiled entry points `npm start` and `npm run cli` run. */
export const serverMainPath = path.join(repoRoot, 'apps/server/dist/main.js');
export const cliPath = path.join(repoRoot, 'apps/server/dist/cli.js');

/**
 * What `npm start` does first: build the builder, the player and the server where their sources changed.
 * Called once before a suite or benchmark starts servers (not per server: a rebuild would replace the
 * builder files a running server serves).
 */
export function buildIfStale(): void {
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs'), '--if-stale'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}

/** A port nothing listens on right now (the system picks it), for a process about to start. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Where a server answers and keeps its data: what most journeys need of it. */
export type ServerAddress = Pick<RunningServer, 'appUrl' | 'publishUrl' | 'dataDir'>;

export interface RunningServer {
  appUrl: string;
  /** PUBLISH_URL: published quizzes live here (127.0.0.1 on the same port unless given). */
  publishUrl: string;
  pid: number | undefined;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** False once the server process has exited (a crash included). */
  isRunning(): boolean;
  /** What the process printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the real server as `npm start` does, `node apps/server/dist/main.js` (call buildIfStale() first),
 * on embedded PGlite in a fresh data folder.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  options: { cpus?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = extraEnv.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'quizbeam-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    SUPPORT_EMAIL: 'support@quizbeam.test',
    // Many servers run at once in tests: none holds the fixed metrics port.
    METRICS_PORT: '0',
    ...extraEnv,
  };
  const command = [process.execPath, serverMainPath];
  // Benchmarks pin the server to given cores (taskset) so that the load generator does not compete with it.
  const [program = process.execPath, ...args] = options.cpus
    ? ['taskset', '-c', options.cpus, ...command]
    : command;
  const watched = spawnWatched(program, args, { cwd: repoRoot, env });
  await untilPrinted(watched, 'Quizbeam is running', 'the server', 60_000);
  const { child } = watched;
  return {
    appUrl: `http://localhost:${port}${extraEnv.BASE_PATH ?? ''}`,
    publishUrl: extraEnv.PUBLISH_URL ?? `http://127.0.0.1:${port}`,
    pid: child.pid,
    dataDir,
    env,
    isRunning: watched.isRunning,
    output: watched.output,
    stop: () =>
      new Promise((resolve) => {
        if (!watched.isRunning()) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
