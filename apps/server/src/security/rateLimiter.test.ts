import { describe, expect, it } from 'vitest';
import { describeRateLimiterBehaviour } from '../testing/rateLimiterContract';
import { MemoryRateLimiter, slowDownDelayMs } from './rateLimiter';

describeRateLimiterBehaviour('MemoryRateLimiter', async (now, count) => {
  const limiter = new MemoryRateLimiter(now);
  return Array.from({ length: count }, () => limiter);
});

describe('slowDownDelayMs', () => {
  it('grows the wait from the free failures on, doubling up to the cap', () => {
    const slowDown = { freeFailures: 2, firstDelayMs: 1000, maxDelayMs: 4000, forgetAfterMs: 60_000 };
    expect([0, 1, 2, 3, 4, 5, 40, 5000].map((failures) => slowDownDelayMs(slowDown, failures))).toEqual([
      0, 0, 1000, 2000, 4000, 4000, 4000, 4000,
    ]);
  });
});
