import type { Database } from '@quizbeam/db/database';
import {
  accountsWithRetention,
  type DeleteExpiredOptions,
  deleteExpiredAccountData,
} from './deleteExpiredData';

/** Looked at every hour; each account's old data is deleted once per UTC day. */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

export interface RetentionJobOptions {
  db: Database;
  intervalMs?: number;
  batchSize?: DeleteExpiredOptions['batchSize'];
  now?: () => Date;
  log?: (message: string, error?: unknown) => void;
}

export interface RetentionJob {
  /** Runs now (after a run in progress, if any). */
  runOnce(): Promise<void>;
  /** Stops the timer, ends a run in progress after its current batch and waits for it. */
  stop(): Promise<void>;
}

const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * Deletes each account's data older than its retention period, at once and then every `intervalMs`, one
 * run at a time. An account whose deletion failed is tried again at the next run, the others the next day.
 * With several workers each may do a day's run; deleting what is already gone costs one empty statement.
 */
export function startRetentionJob(options: RetentionJobOptions): RetentionJob {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message, error) => console.error(`retention: ${message}`, error ?? ''));
  const doneDayByAccount = new Map<string, string>();
  let inProgress: Promise<void> | null = null;
  let stopped = false;
  const keepGoing = () => !stopped;

  async function run(): Promise<void> {
    const started = now();
    const today = utcDay(started);
    for (const account of await accountsWithRetention(db)) {
      if (stopped) return;
      if (doneDayByAccount.get(account.accountId) === today) continue;
      try {
        await deleteExpiredAccountData(db, account, started, { batchSize: options.batchSize, keepGoing });
        if (!stopped) doneDayByAccount.set(account.accountId, today);
      } catch (error) {
        log(
          `could not delete the expired data of account ${account.accountId}; trying again at the next run`,
          error,
        );
      }
    }
  }

  /** Starts a run unless one is going on; resolves when the run going on ends. */
  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    inProgress ??= run()
      .catch((error: unknown) => log('could not list the accounts with a retention period', error))
      .finally(() => {
        inProgress = null;
      });
    return inProgress;
  };

  const timer = setInterval(tick, options.intervalMs ?? RETENTION_INTERVAL_MS);
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
