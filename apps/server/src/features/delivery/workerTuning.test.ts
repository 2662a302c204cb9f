import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/env';
import { DEFAULT_RETRY_POLICY } from './retrySchedule';
import { workerTuning } from './workerTuning';

describe('workerTuning', () => {
  it('leaves every setting to its default when nothing is set', () => {
    expect(workerTuning({})).toEqual({});
  });

  it('reads the worker settings and a shortened retry schedule', () => {
    expect(
      workerTuning({
        WORKER_CONCURRENCY: '8',
        WORKER_POLL_MS: '200',
        WORKER_RETRY_BASE_MS: '500',
        WORKER_RETRY_MIN_ATTEMPTS: '3',
        WORKER_RETRY_WINDOW_MS: '4000',
      }),
    ).toEqual({
      concurrency: 8,
      pollIntervalMs: 200,
      retryPolicy: { ...DEFAULT_RETRY_POLICY, baseDelayMs: 500, minAttempts: 3, minRetryWindowMs: 4000 },
    });
  });

  it('refuses a value that is not a positive whole number, naming the variable', () => {
    expect(() => workerTuning({ WORKER_RETRY_WINDOW_MS: '2.5' })).toThrow(ConfigError);
    expect(() => workerTuning({ WORKER_LEASE_MS: '0' })).toThrow(/WORKER_LEASE_MS must be a whole number/);
  });

  it('refuses a ceiling below the first delay', () => {
    expect(() => workerTuning({ WORKER_RETRY_BASE_MS: '5000', WORKER_RETRY_MAX_MS: '1000' })).toThrow(
      /WORKER_RETRY_MAX_MS \(1000\) must not be below WORKER_RETRY_BASE_MS \(5000\)/,
    );
  });
});
