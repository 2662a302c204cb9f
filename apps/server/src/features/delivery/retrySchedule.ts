/**
 * When a delivery is tried again, and when it gives up. Pure: the clock and the random source come in.
 *
 * Exponential backoff with jitter: the delay after the n-th failed attempt is uniform in [c/2, c] with
 * c = min(cap, base·2ⁿ⁻¹), so deliveries failing together do not come back together. The jitter spans the
 * upper half (not all of [0, c]) so that every retry moves time on: giving up needs both at least
 * `minAttempts` attempts and at least `minRetryWindowMs` since the delivery was created, and a schedule that
 * can retry at once could spend its attempts in minutes. With the defaults a destination that stays down
 * gets 16 to 22 attempts over 72 to 84 hours.
 */
export interface RetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
  minAttempts: number;
  minRetryWindowMs: number;
  /** A Retry-After beyond this is shortened to it, so one answer cannot park a lead for weeks. */
  maxRetryAfterMs: number;
  /**
   * For this many attempts a Retry-After is taken at its word, even when shorter than the backoff: a
   * service's rate limit that says "in 1 s" is best met by waiting 1 s. Later the backoff is the floor, so a
   * destination that keeps answering "retry at once" cannot make a delivery spin.
   */
  retryAfterTrustedAttempts: number;
  /**
   * How often a delivery to a connection that stopped working looks again. It waits without giving up
   * (a reconnect makes it due at once); the connection may also come back by itself.
   */
  reconnectRecheckMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: MINUTE,
  maxDelayMs: 12 * HOUR,
  minAttempts: 10,
  minRetryWindowMs: 72 * HOUR,
  maxRetryAfterMs: 24 * HOUR,
  retryAfterTrustedAttempts: 3,
  reconnectRecheckMs: HOUR,
};

export type AttemptOutcome = 'delivered' | 'retry' | 'permanent' | 'reconnect';

export type NextStep =
  | { state: 'delivered' }
  | { state: 'failed'; reason: 'refused' | 'exhausted' }
  | { state: 'retrying'; nextAttemptAt: Date };

/** The ceiling of the jittered delay after the `attempts`-th failed attempt (1-based). */
export function backoffCeilingMs(attempts: number, policy: RetryPolicy): number {
  const exponent = Math.max(0, attempts - 1);
  // 2^exponent overflows nothing here: the cap applies long before.
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(exponent, 40));
}

/** The delay before the next attempt: the jittered backoff, or the destination's Retry-After if that is later. */
export function retryDelayMs(
  attempts: number,
  retryAfterMs: number | null | undefined,
  random: () => number,
  policy: RetryPolicy,
): number {
  const ceiling = backoffCeilingMs(attempts, policy);
  const jittered = Math.floor(ceiling / 2 + random() * (ceiling / 2));
  if (retryAfterMs === null || retryAfterMs === undefined) return jittered;
  const asked = Math.min(Math.max(retryAfterMs, 1_000), policy.maxRetryAfterMs);
  return attempts <= policy.retryAfterTrustedAttempts ? asked : Math.max(jittered, asked);
}

/** Whether a delivery created at `createdAt` has been tried enough, for long enough, to give up. */
export function retriesExhausted(attempts: number, createdAt: Date, now: Date, policy: RetryPolicy): boolean {
  return attempts >= policy.minAttempts && now.getTime() - createdAt.getTime() >= policy.minRetryWindowMs;
}

/** What follows an attempt: `attempts` counts it. */
export function nextStepAfter(input: {
  outcome: AttemptOutcome;
  attempts: number;
  createdAt: Date;
  now: Date;
  retryAfterMs?: number | null;
  random: () => number;
  policy: RetryPolicy;
}): NextStep {
  const { outcome, attempts, createdAt, now, policy } = input;
  if (outcome === 'delivered') return { state: 'delivered' };
  if (outcome === 'permanent') return { state: 'failed', reason: 'refused' };
  if (outcome === 'reconnect') {
    return { state: 'retrying', nextAttemptAt: new Date(now.getTime() + policy.reconnectRecheckMs) };
  }
  if (retriesExhausted(attempts, createdAt, now, policy)) return { state: 'failed', reason: 'exhausted' };
  const delay = retryDelayMs(attempts, input.retryAfterMs, input.random, policy);
  return { state: 'retrying', nextAttemptAt: new Date(now.getTime() + delay) };
}
