import { describe, expect, it } from 'vitest';
import { AppError } from '../http/appError';
import { RateLimiter } from './rateLimiter';

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
