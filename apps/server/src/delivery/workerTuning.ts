import { ConfigError } from '../config/env';
import type { DeliveryWorkerOptions } from './deliveryWorker';

type Tuning = Pick<DeliveryWorkerOptions, 'leaseMs' | 'pollIntervalMs' | 'concurrency'>;

const TUNING_VARIABLES = {
  WORKER_CONCURRENCY: 'concurrency',
  WORKER_POLL_MS: 'pollIntervalMs',
  WORKER_LEASE_MS: 'leaseMs',
} as const;

/** Optional worker settings from the environment (defaults in WORKER_DEFAULTS); a bad value stops the start. */
export function workerTuning(env: NodeJS.ProcessEnv = process.env): Tuning {
  const tuning: Tuning = {};
  for (const [variable, option] of Object.entries(TUNING_VARIABLES)) {
    const text = env[variable];
    if (text === undefined || text === '') continue;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1 || value > 86_400_000) {
      throw new ConfigError(`${variable} must be a whole number from 1 to 86400000; it is "${text}".`);
    }
    tuning[option] = value;
  }
  return tuning;
}
