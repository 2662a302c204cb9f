import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { spawnWatched, untilPrinted } from '../childProcess';
import { repoRoot } from '../serverProcess';

export const workerMainPath = path.join(repoRoot, 'apps/server/dist/worker.js');

export interface WorkerProcess {
  pid: number | undefined;
  isRunning(): boolean;
  output(): string;
  /** `kill -9`: no shutdown, deliveries in flight stay claimed until their lease ends. */
  kill(): Promise<void>;
  /** SIGTERM, as an operator stops it: the deliveries in flight are finished and recorded. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** `npm run worker` as built: `node apps/server/dist/worker.js`, delivering leads without serving. */
export async function startWorkerProcess(env: NodeJS.ProcessEnv): Promise<WorkerProcess> {
  const watched = spawnWatched(process.execPath, [workerMainPath], { cwd: repoRoot, env });
  await untilPrinted(watched, 'delivery worker running', 'the worker', 30_000);
  const { child, isRunning } = watched;
  return {
    pid: child.pid,
    isRunning,
    output: watched.output,
    async kill() {
      if (isRunning()) child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      if (isRunning()) child.kill('SIGTERM');
      await exited(child);
    },
  };
}
