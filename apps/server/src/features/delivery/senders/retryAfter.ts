/** Longest wait a destination may ask for; beyond it the worker's own schedule decides. */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Milliseconds to wait from a `Retry-After` header: delay-seconds or an HTTP date. Null when absent or
 * unreadable; a date in the past means now (0).
 */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, MAX_RETRY_AFTER_MS);
  // An HTTP date always names its weekday or month in letters; this keeps bare numbers like "1.5" out of Date.parse.
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(at - now, 0), MAX_RETRY_AFTER_MS);
}
