import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnWatched, untilPrinted } from './childProcess';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The compiled entry points `npm start` and `npm run cli` run. */
export const serverMainPath = path.join(repoRoot, 'apps/server/dist/main.js');
export const cliPath = path.join(repoRoot, 'apps/server/dist/cli.js');
const migratePath = path.join(repoRoot, 'apps/server/dist/migrate.js');
const migrationsFolder = path.join(repoRoot, 'packages/db/drizzle');

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

/**
 * An embedded database already made and migrated, once per set of migrations (PGlite's initdb takes seconds):
 * a server started on a fresh data folder begins with a copy of it. Made with `npm run migrate`'s entry
 * point, so it is the database a first start would make.
 */
function migratedDatabaseTemplate(): string {
  const digest = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json'))
      digest.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  const template = path.join(tmpdir(), `quizbeam-e2e-pglite-${digest.digest('hex').slice(0, 16)}`);
  if (existsSync(template)) return template;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quizbeam-e2e-template-'));
  execFileSync(process.execPath, [migratePath], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'ignore',
  });
  try {
    renameSync(path.join(dataDir, 'pglite'), template);
  } catch (error) {
    // Another process made it meanwhile.
    if (!existsSync(template)) throw error;
  }
  rmSync(dataDir, { recursive: true, force: true });
  return template;
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
  let dataDir = extraEnv.DATA_DIR;
  if (!dataDir && !extraEnv.DATABASE_URL) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'quizbeam-e2e-'));
    cpSync(migratedDatabaseTemplate(), path.join(dataDir, 'pglite'), { recursive: true });
  }
  dataDir ??= mkdtempSync(path.join(tmpdir(), 'quizbeam-e2e-'));
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
  return runningServer(watched, {
    appUrl: `http://localhost:${port}${extraEnv.BASE_PATH ?? ''}`,
    publishUrl: extraEnv.PUBLISH_URL ?? `http://127.0.0.1:${port}`,
    dataDir,
    env,
  });
}

/** A started server process as the tests hold it: its addresses, its output, and a SIGTERM that waits for the exit. */
export function runningServer(
  watched: ReturnType<typeof spawnWatched>,
  server: Pick<RunningServer, 'appUrl' | 'publishUrl' | 'dataDir' | 'env'>,
): RunningServer {
  const { child } = watched;
  return {
    ...server,
    pid: child.pid,
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
