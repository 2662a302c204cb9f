import { describe, expect, it } from 'vitest';
import {
  backoffCeilingMs,
  DEFAULT_RETRY_POLICY,
  nextStepAfter,
  type RetryPolicy,
  retriesExhausted,
  retryDelayMs,
} from './retrySchedule';

const HOUR = 3_600_000;
const policy = DEFAULT_RETRY_POLICY;
const created = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(created.getTime() + ms);

describe('backoff', () => {
  it('doubles from one minute and stops at twelve hours', () => {
    expect([1, 2, 3, 4].map((n) => backoffCeilingMs(n, policy))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(backoffCeilingMs(10, policy)).toBe(512 * 60_000);
    expect(backoffCeilingMs(11, policy)).toBe(12 * HOUR);
    expect(backoffCeilingMs(500, policy)).toBe(12 * HOUR);
  });

  it('jitters over the upper half below the ceiling', () => {
    expect(retryDelayMs(3, null, () => 0, policy)).toBe(120_000);
    expect(retryDelayMs(3, null, () => 0.5, policy)).toBe(180_000);
    expect(retryDelayMs(3, null, () => 0.999_999, policy)).toBeLessThan(240_000);
  });

  it('honours Retry-After: as asked for the first attempts (1 s at least), then when later than the backoff, within a day', () => {
    expect(retryDelayMs(1, 30 * 60_000, () => 0.5, policy)).toBe(30 * 60_000);
    expect(retryDelayMs(1, 2_000, () => 0.5, policy)).toBe(2_000);
    expect(retryDelayMs(3, 0, () => 0.5, policy)).toBe(1_000);
    expect(retryDelayMs(4, 1_000, () => 0.5, policy)).toBe(6 * 60_000);
    expect(retryDelayMs(5, 1_000, () => 0.5, policy)).toBe(12 * 60_000);
    expect(retryDelayMs(1, 30 * 24 * HOUR, () => 0.5, policy)).toBe(24 * HOUR);
  });
});

describe('giving up', () => {
  it('needs both ten attempts and seventy-two hours', () => {
    expect(retriesExhausted(50, created, at(71 * HOUR), policy)).toBe(false);
    expect(retriesExhausted(9, created, at(500 * HOUR), policy)).toBe(false);
    expect(retriesExhausted(10, created, at(72 * HOUR), policy)).toBe(true);
  });

  it('retries a destination that stays down for at least 72 hours and 10 attempts, whatever the jitter', () => {
    for (const random of [() => 0, () => 0.5, () => 0.999_999, Math.random]) {
      let now = created;
      let attempts = 0;
      for (;;) {
        attempts += 1;
        const step = nextStepAfter({ outcome: 'retry', attempts, createdAt: created, now, random, policy });
        if (step.state !== 'retrying') break;
        now = step.nextAttemptAt;
      }
      expect(attempts).toBeGreaterThanOrEqual(10);
      expect(now.getTime() - created.getTime()).toBeGreaterThanOrEqual(72 * HOUR);
      // The span ends within one capped delay after the window.
      expect(now.getTime() - created.getTime()).toBeLessThan(84 * HOUR);
      expect(attempts).toBeLessThanOrEqual(25);
    }
  });
});

describe('the step after an attempt', () => {
  const base = { createdAt: created, now: at(0), random: () => 0.5, policy };

  it('ends a delivered or refused delivery at once', () => {
    expect(nextStepAfter({ ...base, outcome: 'delivered', attempts: 1 })).toEqual({ state: 'delivered' });
    expect(nextStepAfter({ ...base, outcome: 'permanent', attempts: 1 })).toEqual({
      state: 'failed',
      reason: 'refused',
    });
  });

  it('schedules a retry from now', () => {
    expect(nextStepAfter({ ...base, outcome: 'retry', attempts: 2, retryAfterMs: null })).toEqual({
      state: 'retrying',
      nextAttemptAt: at(90_000),
    });
  });

  it('fails a delivery whose retries are exhausted', () => {
    const quick: RetryPolicy = { ...policy, minAttempts: 3, minRetryWindowMs: 0 };
    expect(nextStepAfter({ ...base, policy: quick, outcome: 'retry', attempts: 3 })).toEqual({
      state: 'failed',
      reason: 'exhausted',
    });
  });

  it('waits for a reconnect without ever giving up', () => {
    const quick: RetryPolicy = { ...policy, minAttempts: 3, minRetryWindowMs: 0 };
    expect(nextStepAfter({ ...base, policy: quick, outcome: 'reconnect', attempts: 50 })).toEqual({
      state: 'retrying',
      nextAttemptAt: at(60 * 60_000),
    });
  });
});
