import { AppError } from '../http/appError';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in this process's memory. With several server processes the limits
 * apply per process; a shared store (Redis) is the switch for that, see ARCHITECTURE.md.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Counts one attempt against every key; throws a 429 AppError (with Retry-After) when any key is over
   * its limit. `message` words the refusal for the wait in seconds (default: attempts, in minutes).
   */
  hit(
    entries: { key: string; limit: RateLimit }[],
    message: (seconds: number) => string = attemptsMessage,
  ): void {
    const now = this.now();
    if (this.windows.size > 50_000) this.prune(now);
    let retryAfterMs = 0;
    for (const { key, limit } of entries) {
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + limit.windowMs };
        this.windows.set(key, window);
      }
      window.count += 1;
      if (window.count > limit.max) retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
    }
    if (retryAfterMs > 0) {
      const seconds = Math.ceil(retryAfterMs / 1000);
      throw new AppError('rate_limited', message(seconds), { 'retry-after': String(seconds) });
    }
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

function attemptsMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}

/** For visitors of published quizzes, whose waits are seconds. */
export const visitorBusyMessage = (seconds: number): string =>
  `Too many requests. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export type RateLimits = Record<
  | 'loginPerEmail'
  | 'loginPerIp'
  | 'resetEmailPerEmail'
  | 'resetEmailPerIp'
  | 'passwordChangePerIp'
  | 'imageUploadsPerAccount'
  | 'eventsPerIp'
  | 'eventsPerQuiz'
  | 'completionsPerIp'
  | 'completionsPerQuiz'
  | 'leadsPerIp'
  | 'leadsPerQuiz',
  RateLimit
>;

const TEN_SECONDS = 10_000;

export const defaultRateLimits: RateLimits = {
  loginPerEmail: { max: 10, windowMs: FIFTEEN_MINUTES },
  loginPerIp: { max: 100, windowMs: FIFTEEN_MINUTES },
  resetEmailPerEmail: { max: 5, windowMs: HOUR },
  resetEmailPerIp: { max: 30, windowMs: HOUR },
  passwordChangePerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
  imageUploadsPerAccount: { max: 30, windowMs: FIFTEEN_MINUTES },
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
