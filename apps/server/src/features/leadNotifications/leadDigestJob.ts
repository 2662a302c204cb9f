import { type DigestOptions, sendDueDigests } from './leadDigests';

/** Every few minutes: a day's digest goes out soon after the day ends, at little cost between. */
export const DIGEST_INTERVAL_MS = 5 * 60_000;

export interface LeadDigestJobOptions extends DigestOptions {
  intervalMs?: number;
  now?: () => Date;
}

export interface LeadDigestJob {
  /** Runs now (after a run in progress, if any). */
  runOnce(): Promise<void>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/** Sends the due daily digests at once and then every `intervalMs`, one run at a time. */
export function startLeadDigestJob(options: LeadDigestJobOptions): LeadDigestJob {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message, error) => console.error(`lead digests: ${message}`, error ?? ''));
  let inProgress: Promise<void> | null = null;
  let stopped = false;

  /** Starts a run unless one is going on; resolves when the run going on ends. */
  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    inProgress ??= sendDueDigests({ ...options, log }, now())
      .then(() => {})
      .catch((error: unknown) => log('could not look for due digests; trying again at the next run', error))
      .finally(() => {
        inProgress = null;
      });
    return inProgress;
  };

  const timer = setInterval(tick, options.intervalMs ?? DIGEST_INTERVAL_MS);
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
