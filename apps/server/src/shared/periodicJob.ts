/** A job that runs at once and then every `intervalMs`, one run at a time, until stopped. */
export interface PeriodicJob {
  /** Runs now (after a run in progress, if any). */
  runOnce(): Promise<void>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Starts `run` at once and then every `intervalMs`; a tick while a run is going on starts nothing. A run that
 * throws is handed to `onError` and the next tick tries again. `run` gets `isStopped` to end early.
 */
export function startPeriodicJob(
  run: (isStopped: () => boolean) => Promise<void>,
  options: { intervalMs: number; onError: (error: unknown) => void },
): PeriodicJob {
  let inProgress: Promise<void> | null = null;
  let stopped = false;
  const isStopped = () => stopped;

  /** Starts a run unless one is going on; resolves when the run going on ends. */
  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    inProgress ??= run(isStopped)
      .catch(options.onError)
      .finally(() => {
        inProgress = null;
      });
    return inProgress;
  };

  const timer = setInterval(tick, options.intervalMs);
  // Waiting for the next run is no reason to keep the process alive.
  timer.unref();
  void tick();
  return {
    async runOnce() {
      await inProgress;
      await tick();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await inProgress;
    },
  };
}
