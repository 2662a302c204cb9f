import { once } from 'node:events';
import { Redis, type Result } from 'ioredis';
import {
  attemptsMessage,
  type FailureRule,
  MemoryRateLimiter,
  type RateLimit,
  type RateLimiter,
  type RefusalMessage,
  refuseIfWaiting,
} from './rateLimiter';
import { attemptSucceededScript, beginAttemptScript, hitScript } from './redisRateLimiterScripts';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    quizbeamRateLimitHit(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Result<number, Context>;
    quizbeamRateLimitBeginAttempt(
      numberOfKeys: number,
      ...keysAndArgs: (string | number)[]
    ): Result<number, Context>;
    quizbeamRateLimitAttemptSucceeded(
      numberOfKeys: number,
      ...keysAndArgs: (string | number)[]
    ): Result<number, Context>;
  }
}

export const REDIS_KEY_PREFIX = 'quizbeam:rl:';
const COMPLAINT_INTERVAL_MS = 60_000;

export interface RedisRateLimiterOptions {
  /** redis:// or rediss:// */
  url: string;
  /** What every key starts with; tests make it unique per run under REDIS_KEY_PREFIX. */
  keyPrefix?: string;
  /** The clock, for tests; by default the scripts read Redis's own, one clock for every process. */
  now?: () => number;
  /** Told when Redis fails (at most once a minute) and when it answers again. */
  log: (line: string) => void;
}

/**
 * The limits shared by every process through Redis (REDIS_URL): the memory limiter's windows and
 * slow-downs, each call one Lua script, so that checking and counting are atomic across processes.
 * Redis being down must not take sign-in or the visitor API down with it: a call that fails (refused,
 * offline, or no answer within 500 ms) is limited in this process's memory instead (fail open to
 * per-process limits), and the failure is logged at most once a minute.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly keyPrefix: string;
  private readonly now: (() => number) | undefined;
  private readonly inMemory: MemoryRateLimiter;
  private readonly log: (line: string) => void;
  private lastComplaintAt = Number.NEGATIVE_INFINITY;
  private failing = false;

  constructor(options: RedisRateLimiterOptions) {
    this.keyPrefix = options.keyPrefix ?? REDIS_KEY_PREFIX;
    this.now = options.now;
    this.inMemory = new MemoryRateLimiter(options.now);
    this.log = options.log;
    this.redis = new Redis(options.url, {
      // A request never waits on Redis: while it is offline a call fails at once, connected within 500 ms.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      commandTimeout: 500,
    });
    this.redis.defineCommand('quizbeamRateLimitHit', { lua: hitScript });
    this.redis.defineCommand('quizbeamRateLimitBeginAttempt', { lua: beginAttemptScript });
    this.redis.defineCommand('quizbeamRateLimitAttemptSucceeded', { lua: attemptSucceededScript });
    // Reconnecting goes on in the background (ioredis's retry strategy); each failed try is an 'error'.
    this.redis.on('error', (error: unknown) => this.complain(error));
    this.redis.on('ready', () => {
      if (!this.failing) return;
      this.failing = false;
      this.log('Rate limits: Redis answers again; the limits are shared between processes again.');
    });
  }

  /** Resolves once Redis answers (calls before then are limited in memory); rejects on its first error. */
  async whenConnected(timeoutMs = 2_000): Promise<void> {
    if (this.redis.status === 'ready') return;
    await once(this.redis, 'ready', { signal: AbortSignal.timeout(timeoutMs) });
  }

  async hit(entries: { key: string; limit: RateLimit }[], message: RefusalMessage = attemptsMessage) {
    const keys = entries.map(({ key }) => this.windowKey(key));
    const limits = entries.flatMap(({ limit }) => [limit.max, limit.windowMs]);
    const retryAfterMs = await this.inRedisOrMemory(
      () => this.redis.quizbeamRateLimitHit(keys.length, ...keys, this.time(), ...limits),
      () => this.inMemory.hit(entries, message),
    );
    if (retryAfterMs !== undefined) refuseIfWaiting(retryAfterMs, message);
  }

  async beginAttempt(rules: FailureRule[], message: RefusalMessage = attemptsMessage) {
    const keys = rules.map((rule) => this.ruleKey(rule));
    // Five values a rule, as beginAttemptScript reads them.
    const parameters = rules.flatMap((rule): (string | number)[] =>
      'limit' in rule
        ? ['limit', rule.limit.max, rule.limit.windowMs, 0, 0]
        : [
            'slowDown',
            rule.slowDown.freeFailures,
            rule.slowDown.firstDelayMs,
            rule.slowDown.maxDelayMs,
            rule.slowDown.forgetAfterMs,
          ],
    );
    const retryAfterMs = await this.inRedisOrMemory(
      () => this.redis.quizbeamRateLimitBeginAttempt(keys.length, ...keys, this.time(), ...parameters),
      () => this.inMemory.beginAttempt(rules, message),
    );
    if (retryAfterMs !== undefined) refuseIfWaiting(retryAfterMs, message);
  }

  async attemptSucceeded(rules: FailureRule[]) {
    const keys = rules.map((rule) => this.ruleKey(rule));
    const kinds = rules.map((rule) => ('limit' in rule ? 'limit' : 'slowDown'));
    await this.inRedisOrMemory(
      () => this.redis.quizbeamRateLimitAttemptSucceeded(keys.length, ...keys, ...kinds),
      () => this.inMemory.attemptSucceeded(rules),
    );
  }

  async close() {
    if (this.redis.status === 'ready') {
      await this.redis.quit().catch(() => this.redis.disconnect());
    } else {
      this.redis.disconnect();
    }
  }

  /** The script's answer, or undefined after the call was limited in memory because Redis failed. */
  private async inRedisOrMemory(
    inRedis: () => Promise<number>,
    inMemory: () => Promise<void>,
  ): Promise<number | undefined> {
    try {
      return Number(await inRedis());
    } catch (error) {
      this.complain(error);
      await inMemory();
      return undefined;
    }
  }

  private complain(error: unknown): void {
    this.failing = true;
    const now = performance.now();
    if (now - this.lastComplaintAt < COMPLAINT_INTERVAL_MS) return;
    this.lastComplaintAt = now;
    const reason = error instanceof Error ? error.message : String(error);
    this.log(
      `Rate limits: Redis failed (${reason}); until it answers, each process limits in its own memory.`,
    );
  }

  private time(): string {
    return this.now ? String(Math.floor(this.now())) : '';
  }

  private windowKey(key: string): string {
    return `${this.keyPrefix}window:${key}`;
  }

  private ruleKey(rule: FailureRule): string {
    return 'limit' in rule ? this.windowKey(rule.key) : `${this.keyPrefix}slowdown:${rule.key}`;
  }
}
