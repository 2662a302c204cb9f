import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
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
  const child = spawn(process.execPath, [workerMainPath], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start in 30 s:\n${output}`)), 30_000);
    const onData = () => {
      if (!output.includes('delivery worker running')) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited with ${code}:\n${output}`));
    });
  });
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  return {
    pid: child.pid,
    isRunning,
    output: () => output,
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
