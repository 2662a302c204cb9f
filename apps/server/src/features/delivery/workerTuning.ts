import { ConfigError } from '../../config/env';
import type { DeliveryWorkerOptions } from './deliveryWorker';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retrySchedule';

type Tuning = Pick<DeliveryWorkerOptions, 'leaseMs' | 'pollIntervalMs' | 'concurrency' | 'retryPolicy'>;

const TUNING_VARIABLES = {
  WORKER_CONCURRENCY: 'concurrency',
  WORKER_POLL_MS: 'pollIntervalMs',
  WORKER_LEASE_MS: 'leaseMs',
} as const;

/**
 * The retry schedule's overrides, for tests and trials that must see a lead go from retrying to failed in
 * seconds rather than 72 hours. Production leaves them unset.
 */
const RETRY_POLICY_VARIABLES = {
  WORKER_RETRY_BASE_MS: 'baseDelayMs',
  WORKER_RETRY_MAX_MS: 'maxDelayMs',
  WORKER_RETRY_MIN_ATTEMPTS: 'minAttempts',
  WORKER_RETRY_WINDOW_MS: 'minRetryWindowMs',
} as const;

function wholeNumber(env: NodeJS.ProcessEnv, variable: string): number | undefined {
  const text = env[variable];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 86_400_000) {
    throw new ConfigError(`${variable} must be a whole number from 1 to 86400000; it is "${text}".`);
  }
  return value;
}

function retryPolicy(env: NodeJS.ProcessEnv): RetryPolicy | undefined {
  let policy: RetryPolicy | undefined;
  for (const [variable, field] of Object.entries(RETRY_POLICY_VARIABLES)) {
    const value = wholeNumber(env, variable);
    if (value !== undefined) policy = { ...(policy ?? DEFAULT_RETRY_POLICY), [field]: value };
  }
  if (policy && policy.maxDelayMs < policy.baseDelayMs) {
    throw new ConfigError(
      `WORKER_RETRY_MAX_MS (${policy.maxDelayMs}) must not be below WORKER_RETRY_BASE_MS (${policy.baseDelayMs}).`,
    );
  }
  return policy;
}

/** Optional worker settings from the environment (defaults in WORKER_DEFAULTS); a bad value stops the start. */
export function workerTuning(env: NodeJS.ProcessEnv = process.env): Tuning {
  const tuning: Tuning = {};
  for (const [variable, option] of Object.entries(TUNING_VARIABLES)) {
    const value = wholeNumber(env, variable);
    if (value !== undefined) tuning[option] = value;
  }
  const policy = retryPolicy(env);
  if (policy) tuning.retryPolicy = policy;
  return tuning;
}
