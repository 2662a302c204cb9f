import type { Database } from '@quizbeam/db/database';
import { type PeriodicJob, startPeriodicJob } from '../../shared/periodicJob';
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

/** `stop()` also ends a run in progress after its current batch. */
export type RetentionJob = PeriodicJob;

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

  async function run(isStopped: () => boolean): Promise<void> {
    const started = now();
    const today = utcDay(started);
    const keepGoing = () => !isStopped();
    for (const account of await accountsWithRetention(db)) {
      if (isStopped()) return;
      if (doneDayByAccount.get(account.accountId) === today) continue;
      try {
        await deleteExpiredAccountData(db, account, started, { batchSize: options.batchSize, keepGoing });
        if (!isStopped()) doneDayByAccount.set(account.accountId, today);
      } catch (error) {
        log(
          `could not delete the expired data of account ${account.accountId}; trying again at the next run`,
          error,
        );
      }
    }
  }

  return startPeriodicJob(run, {
    intervalMs: options.intervalMs ?? RETENTION_INTERVAL_MS,
    onError: (error) => log('could not list the accounts with a retention period', error),
  });
}
