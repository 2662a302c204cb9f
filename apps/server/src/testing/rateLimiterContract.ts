import { afterEach, describe, expect, it } from 'vitest';
import { httpStatusOf } from '../http/httpStatus';
import { type FailureRule, type RateLimiter, visitorBusyMessage } from '../security/rateLimiter';
import { AppError } from '../shared/appError';

/**
 * `count` limiters over one fresh store, all on the clock `now`: for Redis, one connection each, as
 * separate processes would have; the memory store has only one limiter, so it is the same every time.
 */
export type NewLimiters = (now: () => number, count: number) => Promise<RateLimiter[]>;

/** What a 429 said: its Retry-After and message; undefined when the call went through. */
export async function refusalOf(
  call: Promise<void>,
): Promise<{ retryAfter: string; message: string } | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const refusal = error as AppError;
    expect(httpStatusOf(refusal.code)).toBe(429);
    return { retryAfter: refusal.headers['retry-after'] ?? '', message: refusal.message };
  }
}

const retryAfterOf = async (call: Promise<void>) => (await refusalOf(call))?.retryAfter;

/** The behaviour every limiter must have, whatever keeps its counts. */
export function describeRateLimiterBehaviour(name: string, newLimiters: NewLimiters): void {
  const opened: RateLimiter[] = [];
  /** One limiter on a clock the test moves: waits pass without sleeping. */
  async function limiterWithClock() {
    const clock = { now: 1_700_000_000_000 };
    const [limiter] = await newLimiters(() => clock.now, 1);
    if (!limiter) throw new Error('no limiter');
    opened.push(limiter);
    return { limiter, clock };
  }
  afterEach(async () => {
    await Promise.all([...new Set(opened.splice(0))].map((limiter) => limiter.close()));
  });

  describe(`${name}: windows`, () => {
    it('refuses the attempt past the limit and allows again after the window', async () => {
      const { limiter, clock } = await limiterWithClock();
      const limit = { max: 2, windowMs: 60_000 };
      await limiter.hit([{ key: 'a', limit }]);
      await limiter.hit([{ key: 'a', limit }]);
      expect(await retryAfterOf(limiter.hit([{ key: 'a', limit }]))).toBe('60');
      clock.now += 60_000;
      expect(await retryAfterOf(limiter.hit([{ key: 'a', limit }]))).toBeUndefined();
      expect(await retryAfterOf(limiter.hit([{ key: 'a', limit }]))).toBeUndefined();
      expect(await retryAfterOf(limiter.hit([{ key: 'a', limit }]))).toBe('60');
    });

    it('keeps keys apart and says when to retry, in the words asked for', async () => {
      const { limiter, clock } = await limiterWithClock();
      const limit = { max: 1, windowMs: 120_000 };
      await limiter.hit([{ key: 'ip', limit }]);
      await limiter.hit([{ key: 'other', limit }]);
      clock.now += 30_000;
      expect(await refusalOf(limiter.hit([{ key: 'ip', limit }]))).toEqual({
        retryAfter: '90',
        message: 'Too many attempts. Please wait 2 minutes and try again.',
      });
      clock.now += 89_500;
      expect(await refusalOf(limiter.hit([{ key: 'ip', limit }], visitorBusyMessage))).toEqual({
        retryAfter: '1',
        message: 'Too many requests. Please wait 1 second and try again.',
      });
    });

    it('counts every key of a hit and answers the longest wait', async () => {
      const { limiter, clock } = await limiterWithClock();
      const short = { max: 1, windowMs: 10_000 };
      const long = { max: 3, windowMs: 60_000 };
      await limiter.hit([{ key: 'short', limit: short }]);
      expect(
        await retryAfterOf(
          limiter.hit([
            { key: 'short', limit: short },
            { key: 'long', limit: long },
          ]),
        ),
      ).toBe('10');
      clock.now += 10_000;
      await limiter.hit([{ key: 'long', limit: long }]);
      expect(
        await retryAfterOf(
          limiter.hit([
            { key: 'short', limit: short },
            { key: 'long', limit: long },
          ]),
        ),
      ).toBeUndefined();
      // Refused or not, every hit counted on `long`: this is its fourth in its window.
      expect(await retryAfterOf(limiter.hit([{ key: 'long', limit: long }]))).toBe('50');
    });
  });

  describe(`${name}: failures`, () => {
    const slowDown = { freeFailures: 2, firstDelayMs: 1000, maxDelayMs: 4000, forgetAfterMs: 60_000 };

    it('refuses inside the wait without counting, and a success starts afresh', async () => {
      const { limiter, clock } = await limiterWithClock();
      const rules: FailureRule[] = [{ key: 'email', slowDown }];
      await limiter.beginAttempt(rules);
      await limiter.beginAttempt(rules);
      expect(await retryAfterOf(limiter.beginAttempt(rules))).toBe('1');
      expect(await retryAfterOf(limiter.beginAttempt(rules))).toBe('1');
      clock.now += 1000;
      await limiter.beginAttempt(rules);
      expect(await retryAfterOf(limiter.beginAttempt(rules))).toBe('2');
      clock.now += 2000;
      await limiter.beginAttempt(rules);
      await limiter.attemptSucceeded(rules);
      await limiter.beginAttempt(rules);
      await limiter.beginAttempt(rules);
      expect(await retryAfterOf(limiter.beginAttempt(rules))).toBe('1');
    });

    it('doubles the wait after each further failure up to the cap', async () => {
      const { limiter, clock } = await limiterWithClock();
      const rules: FailureRule[] = [{ key: 'email', slowDown }];
      await limiter.beginAttempt(rules);
      await limiter.beginAttempt(rules);
      const waits: string[] = [];
      for (let failure = 0; failure < 5; failure += 1) {
        const wait = await retryAfterOf(limiter.beginAttempt(rules));
        waits.push(wait ?? 'none');
        clock.now += Number(wait) * 1000;
        await limiter.beginAttempt(rules);
      }
      expect(waits).toEqual(['1', '2', '4', '4', '4']);
    });

    it('forgets a slow-down after its time without failures', async () => {
      const { limiter, clock } = await limiterWithClock();
      const rules: FailureRule[] = [{ key: 'email', slowDown }];
      await limiter.beginAttempt(rules);
      await limiter.beginAttempt(rules);
      clock.now += 59_999;
      expect(await retryAfterOf(limiter.beginAttempt(rules))).toBeUndefined();
      expect(await retryAfterOf(limiter.beginAttempt(rules))).toBe('2');
      clock.now += 60_000;
      await limiter.beginAttempt(rules);
      await limiter.beginAttempt(rules);
      expect(await retryAfterOf(limiter.beginAttempt(rules))).toBe('1');
    });

    it('limits failures per window; a success is not one', async () => {
      const { limiter, clock } = await limiterWithClock();
      const rules: FailureRule[] = [{ key: 'ip', limit: { max: 2, windowMs: 60_000 } }];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await limiter.beginAttempt(rules);
        await limiter.attemptSucceeded(rules);
      }
      await limiter.beginAttempt(rules);
      await limiter.beginAttempt(rules);
      clock.now += 15_000;
      expect(await retryAfterOf(limiter.beginAttempt(rules))).toBe('45');
      clock.now += 45_000;
      expect(await retryAfterOf(limiter.beginAttempt(rules))).toBeUndefined();
    });

    it('counts nothing for a refused attempt, on any of its keys', async () => {
      const { limiter, clock } = await limiterWithClock();
      const perAddress = { key: 'ip', limit: { max: 1, windowMs: 60_000 } };
      const perEmail = { key: 'email', slowDown: { ...slowDown, freeFailures: 1 } };
      await limiter.beginAttempt([perAddress]);
      expect(await retryAfterOf(limiter.beginAttempt([perAddress, perEmail]))).toBe('60');
      // The refusal counted no failure for the email: its first one now is free, and costs a 1 s wait.
      expect(await retryAfterOf(limiter.beginAttempt([perEmail]))).toBeUndefined();
      expect(await retryAfterOf(limiter.beginAttempt([perEmail]))).toBe('1');

      clock.now += 60_000;
      await limiter.beginAttempt([perEmail]);
      expect(await retryAfterOf(limiter.beginAttempt([perAddress, perEmail]))).toBe('1');
      // Refused by the email's wait, the attempt took nothing of the address's new window.
      expect(await retryAfterOf(limiter.beginAttempt([perAddress]))).toBeUndefined();
      expect(await retryAfterOf(limiter.beginAttempt([perAddress]))).toBe('60');
    });

    it('lets exactly the allowed number through when 20 attempts arrive at once on two processes', async () => {
      const clock = { now: 1_700_000_000_000 };
      const limiters = await newLimiters(() => clock.now, 2);
      opened.push(...limiters);
      const attemptsOn = async (rules: FailureRule[]) => {
        const attempts = Array.from({ length: 20 }, (_, attempt) => limiters[attempt % limiters.length]);
        const answers = await Promise.all(
          attempts.map((limiter) => refusalOf(limiter ? limiter.beginAttempt(rules) : Promise.reject())),
        );
        return answers.filter((answer) => answer === undefined).length;
      };
      expect(await attemptsOn([{ key: 'ip', limit: { max: 5, windowMs: 60_000 } }])).toBe(5);
      expect(await attemptsOn([{ key: 'email', slowDown: { ...slowDown, freeFailures: 3 } }])).toBe(3);
    });
  });
}
