import { AppError } from '../shared/appError';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * A growing wait between failed attempts instead of a lockout: the first `freeFailures` cost nothing, then
 * each further attempt must wait `firstDelayMs`, twice that, and so on up to `maxDelayMs` after the latest
 * failure. The failures are forgotten `forgetAfterMs` after the latest one.
 */
export interface SlowDown {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

/** A key whose failed attempts are limited: a number per window (`limit`), or a growing wait (`slowDown`). */
export type FailureRule = { key: string; limit: RateLimit } | { key: string; slowDown: SlowDown };

/** How long an attempt must wait after `failures` failures, under a slow-down. */
export function slowDownDelayMs(slowDown: SlowDown, failures: number): number {
  if (failures < slowDown.freeFailures) return 0;
  const doublings = failures - slowDown.freeFailures;
  // Capped before the power, so that thousands of failures do not overflow to Infinity.
  if (doublings >= 31) return slowDown.maxDelayMs;
  return Math.min(slowDown.firstDelayMs * 2 ** doublings, slowDown.maxDelayMs);
}

/** A refusal's wording, given the wait in whole seconds. */
export type RefusalMessage = (seconds: number) => string;

/**
 * Counts attempts against keys and refuses (429 AppError with Retry-After) those over a limit. The memory
 * one limits per process; the Redis one (REDIS_URL) shares the counts between processes.
 */
export interface RateLimiter {
  /**
   * Counts one attempt against every key; throws a 429 AppError (with Retry-After) when any key is over
   * its limit. `message` words the refusal for the wait in seconds (default: attempts, in minutes).
   */
  hit(entries: { key: string; limit: RateLimit }[], message?: RefusalMessage): Promise<void>;
  /**
   * Starts an attempt that only counts when it fails (a sign-in): throws a 429 (with Retry-After) without
   * counting anything when any key is over its limit of failures or still inside its wait; otherwise counts
   * the attempt as a failure at once, so that attempts in parallel cannot all slip through, until
   * `attemptSucceeded` takes it back.
   */
  beginAttempt(rules: FailureRule[], message?: RefusalMessage): Promise<void>;
  /** The attempt `beginAttempt` counted did not fail: a limit takes it back, a slow-down starts afresh. */
  attemptSucceeded(rules: FailureRule[]): Promise<void>;
  /** Lets go of the store (the Redis connection); the limiter is not used afterwards. */
  close(): Promise<void>;
}

/**
 * Counters kept in this process's memory: fixed windows, and the failures behind a slow-down (a count and
 * the time of the latest; no timers). With several server processes the limits apply per process, unless
 * REDIS_URL shares them (redisRateLimiter.ts, which also falls back on this one while Redis is unreachable).
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly slowDowns = new Map<string, { failures: number; lastFailureAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  // No await inside any method: each checks and counts in one synchronous step.
  async hit(entries: { key: string; limit: RateLimit }[], message: RefusalMessage = attemptsMessage) {
    const now = this.now();
    this.pruneIfLarge(now);
    let retryAfterMs = 0;
    for (const { key, limit } of entries) {
      const window = this.currentWindow(key, limit, now);
      window.count += 1;
      if (window.count > limit.max) retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
    }
    refuseIfWaiting(retryAfterMs, message);
  }

  async beginAttempt(rules: FailureRule[], message: RefusalMessage = attemptsMessage) {
    const now = this.now();
    this.pruneIfLarge(now);
    let retryAfterMs = 0;
    for (const rule of rules) {
      if ('limit' in rule) {
        const window = this.currentWindow(rule.key, rule.limit, now);
        if (window.count >= rule.limit.max) retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
      } else {
        const state = this.currentSlowDown(rule.key, rule.slowDown, now);
        if (!state) continue;
        const allowedAt = state.lastFailureAt + slowDownDelayMs(rule.slowDown, state.failures);
        retryAfterMs = Math.max(retryAfterMs, allowedAt - now);
      }
    }
    refuseIfWaiting(retryAfterMs, message);
    for (const rule of rules) {
      if ('limit' in rule) {
        this.currentWindow(rule.key, rule.limit, now).count += 1;
      } else {
        const failures = this.currentSlowDown(rule.key, rule.slowDown, now)?.failures ?? 0;
        this.slowDowns.set(rule.key, { failures: failures + 1, lastFailureAt: now });
      }
    }
  }

  async attemptSucceeded(rules: FailureRule[]) {
    for (const rule of rules) {
      if ('limit' in rule) {
        const window = this.windows.get(rule.key);
        if (window && window.count > 0) window.count -= 1;
      } else {
        this.slowDowns.delete(rule.key);
      }
    }
  }

  async close() {}

  private currentWindow(key: string, limit: RateLimit, now: number): { count: number; resetAt: number } {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + limit.windowMs };
      this.windows.set(key, window);
    }
    return window;
  }

  private currentSlowDown(key: string, slowDown: SlowDown, now: number) {
    const state = this.slowDowns.get(key);
    if (state && now - state.lastFailureAt >= slowDown.forgetAfterMs) {
      this.slowDowns.delete(key);
      return undefined;
    }
    return state;
  }

  private pruneIfLarge(now: number): void {
    if (this.windows.size > 50_000) {
      for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    }
    // A slow-down's own forget time is not kept with it; an hour is longer than any of ours.
    if (this.slowDowns.size > 50_000) {
      for (const [key, state] of this.slowDowns)
        if (now - state.lastFailureAt >= HOUR) this.slowDowns.delete(key);
    }
  }
}

/** Throws the 429 for a wait, in whole seconds (Retry-After and the message agree); nothing when none. */
export function refuseIfWaiting(retryAfterMs: number, message: RefusalMessage): void {
  if (retryAfterMs <= 0) return;
  const seconds = Math.ceil(retryAfterMs / 1000);
  throw new AppError('rate_limited', message(seconds), { 'retry-after': String(seconds) });
}

/** The default refusal: attempts, the wait in seconds under a minute, else in minutes. */
export function attemptsMessage(seconds: number): string {
  if (seconds < 60) {
    return `Too many attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
  }
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}

/** For visitors of published quizzes, whose waits are seconds. */
export const visitorBusyMessage = (seconds: number): string =>
  `Too many requests. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export type RateLimits = Record<
  | 'loginPerIp'
  | 'resetEmailPerEmail'
  | 'resetEmailPerIp'
  | 'passwordChangePerIp'
  | 'passwordCodeCheckPerIp'
  | 'imageUploadsPerAccount'
  | 'serviceCallsPerAccount'
  | 'serviceConnectsPerAccount'
  | 'eventsPerIp'
  | 'eventsPerQuiz'
  | 'completionsPerIp'
  | 'completionsPerQuiz'
  | 'leadsPerIp'
  | 'leadsPerQuiz',
  RateLimit
> & { loginPerEmail: SlowDown };

const TEN_SECONDS = 10_000;

export const defaultRateLimits: RateLimits = {
  /*
   * Sign-in counts failures only. Per email a stranger's guesses slow the account down (up to a minute
   * between attempts) but never lock its owner out; per address they are limited outright.
   */
  loginPerEmail: { freeFailures: 5, firstDelayMs: 1000, maxDelayMs: 60_000, forgetAfterMs: FIFTEEN_MINUTES },
  loginPerIp: { max: 100, windowMs: FIFTEEN_MINUTES },
  resetEmailPerEmail: { max: 5, windowMs: HOUR },
  resetEmailPerIp: { max: 30, windowMs: HOUR },
  passwordChangePerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
  passwordCodeCheckPerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
  imageUploadsPerAccount: { max: 30, windowMs: FIFTEEN_MINUTES },
  /*
   * Calls that make this server call an email service (status, targets, connect, OAuth start): enough for
   * the Integrations page with 50 connections reloaded often, not for using the server to probe addresses.
   */
  serviceCallsPerAccount: { max: 600, windowMs: FIFTEEN_MINUTES },
  serviceConnectsPerAccount: { max: 30, windowMs: FIFTEEN_MINUTES },
  /*
   * The visitor API (/_q/*), per address and per quiz, in 10-second windows. One visitor sends a few event
   * posts per question, one completion and at most one lead; an address may be an office or a mobile
   * carrier's NAT with many visitors. The per-quiz limits are far above a viral quiz's traffic on one process.
   */
  eventsPerIp: { max: 200, windowMs: TEN_SECONDS },
  eventsPerQuiz: { max: 100_000, windowMs: TEN_SECONDS },
  completionsPerIp: { max: 30, windowMs: TEN_SECONDS },
  completionsPerQuiz: { max: 6_000, windowMs: TEN_SECONDS },
  leadsPerIp: { max: 10, windowMs: TEN_SECONDS },
  leadsPerQuiz: { max: 3_000, windowMs: TEN_SECONDS },
};
