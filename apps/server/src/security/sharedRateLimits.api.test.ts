import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteTestKeys, TEST_REDIS_URL, testRedisAnswers, uniqueTestKeyPrefix } from '../testing/redis';
import { APP_ORIGIN, startTestApp, type TestApp } from '../testing/testApp';
import { RedisRateLimiter } from './redisRateLimiter';

const redisAnswers = await testRedisAnswers('the shared rate limit tests');

/** Two servers, as two processes behind one load balancer would be, sharing their limits in one Redis. */
describe.skipIf(!redisAnswers)('rate limits shared in Redis between two servers', () => {
  const keyPrefix = uniqueTestKeyPrefix();
  /** The limiters' clock: waits pass by moving it, never by sleeping. */
  let now = Date.now();
  const complaints: string[] = [];
  const limiters: RedisRateLimiter[] = [];
  let first: TestApp;
  let second: TestApp;
  /** A server with its own connection to Redis. */
  async function startServer(): Promise<TestApp> {
    const limiter = new RedisRateLimiter({
      url: TEST_REDIS_URL,
      keyPrefix,
      now: () => now,
      log: (line) => complaints.push(line),
    });
    limiters.push(limiter);
    await limiter.whenConnected();
    return startTestApp({}, { limiter });
  }
  beforeAll(async () => {
    [first, second] = await Promise.all([startServer(), startServer()]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close(), ...limiters.map((limiter) => limiter.close())]);
    await deleteTestKeys(keyPrefix);
    // Every count went through Redis: none fell back to a process's memory.
    expect(complaints).toEqual([]);
  });

  const post = (t: TestApp, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { origin: APP_ORIGIN }, payload });

  it('refuses on one server the sign-ins the other counted, and a success on either clears them', async () => {
    const { email } = await second.createAccount();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post(first, '/api/login', { email, password: `guess ${attempt}` })).statusCode).toBe(422);
    }
    const waiting = await post(second, '/api/login', { email, password: 'correct horse' });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.json()).toEqual({
      error: 'Too many attempts. Please wait 1 second and try again.',
      code: 'rate_limited',
    });
    expect((await post(first, '/api/login', { email, password: 'guess 5' })).statusCode).toBe(429);

    now += 1000;
    expect((await post(second, '/api/login', { email, password: 'correct horse' })).statusCode).toBe(200);
    // The success on the second server started the email's count afresh for the first one too.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post(first, '/api/login', { email, password: `again ${attempt}` })).statusCode).toBe(422);
    }
    expect((await post(second, '/api/login', { email, password: 'guess' })).statusCode).toBe(429);
  });

  it('counts reset emails for an address across both servers', async () => {
    const email = `shared-${crypto.randomUUID()}@example.com`;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const server = attempt % 2 === 0 ? first : second;
      expect((await post(server, '/api/password-reset-email', { email })).statusCode).toBe(200);
    }
    for (const server of [first, second]) {
      const limited = await post(server, '/api/password-reset-email', { email });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('rate_limited');
    }
  });
});
