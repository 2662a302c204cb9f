import { describe, expect, it } from 'vitest';
import { AppError } from '../http/appError';
import { type FailureRule, RateLimiter, slowDownDelayMs } from './rateLimiter';

describe('RateLimiter', () => {
  it('refuses the attempt past the limit and allows again after the window', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const limit = { max: 2, windowMs: 60_000 };
    limiter.hit([{ key: 'a', limit }]);
    limiter.hit([{ key: 'a', limit }]);
    expect(() => limiter.hit([{ key: 'a', limit }])).toThrow(AppError);
    now = 60_000;
    expect(() => limiter.hit([{ key: 'a', limit }])).not.toThrow();
  });

  it('keeps keys apart and reports when to retry', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const limit = { max: 1, windowMs: 120_000 };
    limiter.hit([{ key: 'ip', limit }]);
    limiter.hit([{ key: 'other', limit }]);
    now = 30_000;
    try {
      limiter.hit([{ key: 'ip', limit }]);
      expect.fail('should be limited');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(429);
      expect((error as AppError).headers['retry-after']).toBe('90');
      expect((error as AppError).message).toBe('Too many attempts. Please wait 2 minutes and try again.');
    }
  });
});

describe('RateLimiter failures', () => {
  const slowDown = { freeFailures: 2, firstDelayMs: 1000, maxDelayMs: 4000, forgetAfterMs: 60_000 };
  const retryAfterOf = (attempt: () => void): string | undefined => {
    try {
      attempt();
      return undefined;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).headers['retry-after'];
    }
  };

  it('grows the wait from the free failures on, doubling up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 40, 5000].map((failures) => slowDownDelayMs(slowDown, failures))).toEqual([
      0, 0, 1000, 2000, 4000, 4000, 4000, 4000,
    ]);
  });

  it('refuses inside the wait without counting, and a success starts afresh', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const rules: FailureRule[] = [{ key: 'email', slowDown }];
    limiter.beginAttempt(rules);
    limiter.beginAttempt(rules);
    expect(retryAfterOf(() => limiter.beginAttempt(rules))).toBe('1');
    expect(retryAfterOf(() => limiter.beginAttempt(rules))).toBe('1');
    now += 1000;
    limiter.beginAttempt(rules);
    expect(retryAfterOf(() => limiter.beginAttempt(rules))).toBe('2');
    now += 2000;
    limiter.beginAttempt(rules);
    limiter.attemptSucceeded(rules);
    limiter.beginAttempt(rules);
    limiter.beginAttempt(rules);
    expect(retryAfterOf(() => limiter.beginAttempt(rules))).toBe('1');
  });

  it('forgets a slow-down after its time without failures', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const rules: FailureRule[] = [{ key: 'email', slowDown }];
    limiter.beginAttempt(rules);
    limiter.beginAttempt(rules);
    now += 60_000;
    limiter.beginAttempt(rules);
    limiter.beginAttempt(rules);
    expect(retryAfterOf(() => limiter.beginAttempt(rules))).toBe('1');
  });

  it('limits failures per window; a success is not one', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const rules: FailureRule[] = [{ key: 'ip', limit: { max: 2, windowMs: 60_000 } }];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      limiter.beginAttempt(rules);
      limiter.attemptSucceeded(rules);
    }
    limiter.beginAttempt(rules);
    limiter.beginAttempt(rules);
    now += 15_000;
    expect(retryAfterOf(() => limiter.beginAttempt(rules))).toBe('45');
    now += 45_000;
    expect(retryAfterOf(() => limiter.beginAttempt(rules))).toBeUndefined();
  });
});
