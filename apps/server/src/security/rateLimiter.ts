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

  /** Counts one attempt against every key; throws a 429 AppError when any key is over its limit. */
  hit(entries: { key: string; limit: RateLimit }[]): void {
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
      const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
      throw new AppError(
        'rate_limited',
        `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) },
      );
    }
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export type AuthRateLimits = Record<
  'loginPerEmail' | 'loginPerIp' | 'resetEmailPerEmail' | 'resetEmailPerIp' | 'passwordChangePerIp',
  RateLimit
>;

export const authRateLimits: AuthRateLimits = {
  loginPerEmail: { max: 10, windowMs: FIFTEEN_MINUTES },
  loginPerIp: { max: 100, windowMs: FIFTEEN_MINUTES },
  resetEmailPerEmail: { max: 5, windowMs: HOUR },
  resetEmailPerIp: { max: 30, windowMs: HOUR },
  passwordChangePerIp: { max: 30, windowMs: FIFTEEN_MINUTES },
};
