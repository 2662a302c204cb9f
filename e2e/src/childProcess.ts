import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';

/** A process started by a test, with everything it printed (stdout and stderr) kept. */
export interface WatchedProcess {
  child: ChildProcess;
  output(): string;
  /** False once the process has exited, killed by a signal included. */
  isRunning(): boolean;
}

export function spawnWatched(program: string, args: string[], options: SpawnOptions): WatchedProcess {
  const child = spawn(program, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return {
    child,
    output: () => output,
    isRunning: () => child.exitCode === null && child.signalCode === null,
  };
}

/** Resolves once the process has printed `marker`; rejects when it exits first or `timeoutMs` passes. */
export function untilPrinted(
  watched: WatchedProcess,
  marker: string,
  name: string,
  timeoutMs: number,
): Promise<void> {
  const { child, output } = watched;
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start in ${timeoutMs / 1000} s:\n${output()}`)),
      timeoutMs,
    );
    const onData = () => {
      if (!output().includes(marker)) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve();
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output()}`));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
    onData();
  });
}
