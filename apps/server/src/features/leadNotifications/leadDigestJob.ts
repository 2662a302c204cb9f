import { type PeriodicJob, startPeriodicJob } from '../../shared/periodicJob';
import { type DigestOptions, sendDueDigests } from './leadDigests';

/** Every few minutes: a day's digest goes out soon after the day ends, at little cost between. */
export const DIGEST_INTERVAL_MS = 5 * 60_000;

export interface LeadDigestJobOptions extends DigestOptions {
  intervalMs?: number;
  now?: () => Date;
}

export type LeadDigestJob = PeriodicJob;

/** Sends the due daily digests at once and then every `intervalMs`, one run at a time. */
export function startLeadDigestJob(options: LeadDigestJobOptions): LeadDigestJob {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message, error) => console.error(`lead digests: ${message}`, error ?? ''));
  return startPeriodicJob(
    async () => {
      await sendDueDigests({ ...options, log }, now());
    },
    {
      intervalMs: options.intervalMs ?? DIGEST_INTERVAL_MS,
      onError: (error) => log('could not look for due digests; trying again at the next run', error),
    },
  );
}
