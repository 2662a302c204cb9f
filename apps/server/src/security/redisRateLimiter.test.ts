import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { describeRateLimiterBehaviour, refusalOf } from '../testing/rateLimiterContract';
import {
  deleteTestKeys,
  TEST_REDIS_URL,
  testKeysUnder,
  testRedisAnswers,
  uniqueTestKeyPrefix,
} from '../testing/redis';
import { closedPort, startStalledRedisServer } from '../testing/stalledRedisServer';
import { createRateLimiter } from './createRateLimiter';
import { MemoryRateLimiter } from './rateLimiter';
import { RedisRateLimiter, type RedisRateLimiterOptions } from './redisRateLimiter';

const redisAnswers = await testRedisAnswers('the RedisRateLimiter tests against Redis');

describe.skipIf(!redisAnswers)('RedisRateLimiter against Redis', () => {
  const runPrefix = uniqueTestKeyPrefix();
  let stores = 0;
  /** A key prefix per store under this run's, so that no two tests share a key. */
  const newStorePrefix = () => {
    stores += 1;
    return `${runPrefix}${stores}:`;
  };
  const complaints: string[] = [];
  const opened: RedisRateLimiter[] = [];
  async function connectedLimiter(options: Omit<RedisRateLimiterOptions, 'url' | 'log'>) {
    const limiter = new RedisRateLimiter({
      url: TEST_REDIS_URL,
      log: (line) => complaints.push(line),
      ...options,
    });
    opened.push(limiter);
    await limiter.whenConnected();
    return limiter;
  }
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((limiter) => limiter.close()));
    // Nothing fell back to memory unnoticed: every count above was Redis's.
    expect(complaints.splice(0)).toEqual([]);
  });
  afterAll(() => deleteTestKeys(runPrefix));

  describeRateLimiterBehaviour('RedisRateLimiter', async (now, count) => {
    const keyPrefix = newStorePrefix();
    return Promise.all(Array.from({ length: count }, () => connectedLimiter({ keyPrefix, now })));
  });

  describe("on Redis's own clock", () => {
    it('refuses past the limit until the window ends, then counts afresh', async () => {
      const limiter = await connectedLimiter({ keyPrefix: newStorePrefix() });
      const entries = [{ key: 'visitor', limit: { max: 2, windowMs: 200 } }];
      await limiter.hit(entries);
      await limiter.hit(entries);
      expect(await refusalOf(limiter.hit(entries))).toEqual({
        retryAfter: '1',
        message: 'Too many attempts. Please wait 1 second and try again.',
      });
      await sleep(250);
      expect(await refusalOf(limiter.hit(entries))).toBeUndefined();
      expect(await refusalOf(limiter.hit(entries))).toBeUndefined();
    });

    it('makes the caller wait out a slow-down, and forgets it after its time', async () => {
      const limiter = await connectedLimiter({ keyPrefix: newStorePrefix() });
      const slowDown = { freeFailures: 1, firstDelayMs: 300, maxDelayMs: 300, forgetAfterMs: 700 };
      const rules = [{ key: 'email', slowDown }];
      await limiter.beginAttempt(rules);
      expect((await refusalOf(limiter.beginAttempt(rules)))?.retryAfter).toBe('1');
      await sleep(320);
      expect(await refusalOf(limiter.beginAttempt(rules))).toBeUndefined();
      expect((await refusalOf(limiter.beginAttempt(rules)))?.retryAfter).toBe('1');
      await sleep(720);
      // Forgotten: the first failure is free again.
      expect(await refusalOf(limiter.beginAttempt(rules))).toBeUndefined();
    });

    it('gives every key an expiry: a window when it ends, a slow-down when it would be forgotten', async () => {
      const keyPrefix = newStorePrefix();
      const limiter = await connectedLimiter({ keyPrefix });
      const slowDown = { freeFailures: 5, firstDelayMs: 1000, maxDelayMs: 60_000, forgetAfterMs: 900_000 };
      await limiter.hit([{ key: 'upload', limit: { max: 30, windowMs: 60_000 } }]);
      const signIn = [
        { key: 'ip', limit: { max: 100, windowMs: 120_000 } },
        { key: 'email', slowDown },
      ];
      await limiter.beginAttempt(signIn);
      const expiries = await testKeysUnder(keyPrefix);
      expect([...expiries.keys()].sort()).toEqual(
        [`${keyPrefix}slowdown:email`, `${keyPrefix}window:ip`, `${keyPrefix}window:upload`].sort(),
      );
      expect(expiries.get(`${keyPrefix}window:upload`)).toBeGreaterThan(59_000);
      expect(expiries.get(`${keyPrefix}window:upload`)).toBeLessThanOrEqual(60_000);
      expect(expiries.get(`${keyPrefix}window:ip`)).toBeGreaterThan(119_000);
      expect(expiries.get(`${keyPrefix}window:ip`)).toBeLessThanOrEqual(120_000);
      expect(expiries.get(`${keyPrefix}slowdown:email`)).toBeGreaterThan(899_000);
      expect(expiries.get(`${keyPrefix}slowdown:email`)).toBeLessThanOrEqual(900_000);

      // A success takes the window's count back (its expiry stays) and deletes the slow-down.
      await limiter.attemptSucceeded(signIn);
      const afterSuccess = await testKeysUnder(keyPrefix);
      expect([...afterSuccess.keys()].sort()).toEqual([`${keyPrefix}window:ip`, `${keyPrefix}window:upload`]);
      expect(afterSuccess.get(`${keyPrefix}window:ip`)).toBeGreaterThan(118_000);
    });
  });
});

describe('RedisRateLimiter when Redis fails', () => {
  const limit = { max: 2, windowMs: 60_000 };
  const slowDown = { freeFailures: 1, firstDelayMs: 1000, maxDelayMs: 60_000, forgetAfterMs: 60_000 };

  /** Runs the limiter's three calls, which must limit in memory; answers how long they took. */
  async function limitsInMemory(limiter: RedisRateLimiter): Promise<number> {
    const started = performance.now();
    await limiter.hit([{ key: 'visitor', limit }]);
    await limiter.hit([{ key: 'visitor', limit }]);
    expect(await refusalOf(limiter.hit([{ key: 'visitor', limit }]))).toEqual({
      retryAfter: '60',
      message: 'Too many attempts. Please wait 1 minute and try again.',
    });
    const rules = [{ key: 'email', slowDown }];
    await limiter.beginAttempt(rules);
    expect((await refusalOf(limiter.beginAttempt(rules)))?.retryAfter).toBe('1');
    await limiter.attemptSucceeded(rules);
    expect(await refusalOf(limiter.beginAttempt(rules))).toBeUndefined();
    return performance.now() - started;
  }

  it('limits in memory at once when nothing listens, and says so once', async () => {
    const lines: string[] = [];
    const limiter = new RedisRateLimiter({
      url: `redis://127.0.0.1:${await closedPort()}`,
      log: (line) => lines.push(line),
    });
    try {
      expect(await limitsInMemory(limiter)).toBeLessThan(1_000);
      await sleep(100);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Rate limits: Redis failed \(.+\); until it answers, each process limits in its own memory\.$/,
      );
    } finally {
      await limiter.close();
    }
  });

  it('limits in memory when Redis accepts the connection but never answers', async () => {
    const stalled = await startStalledRedisServer();
    const lines: string[] = [];
    const limiter = new RedisRateLimiter({ url: stalled.url, log: (line) => lines.push(line) });
    try {
      await limiter.whenConnected();
      const started = performance.now();
      await limiter.hit([{ key: 'visitor', limit }]);
      const waited = performance.now() - started;
      // The command timed out (500 ms) rather than hanging, and the call went on in memory.
      expect(waited).toBeGreaterThan(400);
      expect(waited).toBeLessThan(1_000);
      expect(lines).toEqual([expect.stringMatching(/Redis failed \(Command timed out\)/)]);
      await limiter.hit([{ key: 'visitor', limit }]);
      // Each call waited its 500 ms before counting in memory, so the window may have lost a second.
      expect((await refusalOf(limiter.hit([{ key: 'visitor', limit }])))?.retryAfter).toMatch(/^(59|60)$/);
    } finally {
      await limiter.close();
      await stalled.close();
    }
  });
});

describe('createRateLimiter', () => {
  it('keeps the limits in memory without REDIS_URL, and in Redis with it', async () => {
    expect(createRateLimiter({}, () => {})).toBeInstanceOf(MemoryRateLimiter);
    const shared = createRateLimiter({ redisUrl: `redis://127.0.0.1:${await closedPort()}` }, () => {});
    expect(shared).toBeInstanceOf(RedisRateLimiter);
    await shared.close();
  });
});
