import type { OutboundResponse } from '../../../outbound/guardedHttpClient';
import { OutboundError } from '../../../outbound/outboundError';
import { parseRetryAfter } from './retryAfter';

/** `reconnect`: the email service connection no longer works; the delivery waits for a reconnect. */
export type AttemptOutcome = 'delivered' | 'retry' | 'permanent' | 'reconnect';

/** One attempt as the ledger records it, and what the worker does next. */
export interface ClassifiedAttempt {
  outcome: AttemptOutcome;
  /** What the destination asked for with Retry-After; null lets the worker's backoff decide. */
  retryAfterMs: number | null;
  statusCode: number | null;
  /** Why it failed (network error, timeout, refused address, status), or a note such as a cut-off body; null when clean. */
  error: string | null;
  /** The first 2 KB of the answer. */
  responseExcerpt: string | null;
  durationMs: number;
}

export const RESPONSE_EXCERPT_BYTES = 2048;

/** Statuses that say "not now" rather than "never". */
const RETRYABLE_CLIENT_STATUSES = new Set([408, 409, 425, 429]);

export interface ClassifyOptions {
  /**
   * An HTML form endpoint answering 3xx has taken the submission and sends the browser to its thank-you
   * page; a webhook answering 3xx has not (307 and 308 are followed before they get here).
   */
  redirectMeansDelivered: boolean;
  now?: number;
}

/** The first bytes of a text, without the NUL characters PostgreSQL refuses in text columns. */
export function excerpt(text: string, maxBytes = RESPONSE_EXCERPT_BYTES): string {
  const bytes = Buffer.from(text, 'utf8');
  const cut = bytes.length > maxBytes ? new TextDecoder().decode(bytes.subarray(0, maxBytes)) : text;
  return cut.replaceAll('\u0000', '\uFFFD');
}

function outcomeOfStatus(status: number, redirectMeansDelivered: boolean): AttemptOutcome {
  if (status >= 200 && status < 300) return 'delivered';
  if (status >= 300 && status < 400) return redirectMeansDelivered ? 'delivered' : 'permanent';
  if (status >= 500 || RETRYABLE_CLIENT_STATUSES.has(status)) return 'retry';
  // 1xx never reaches here (undici handles it); other 4xx mean the request itself is refused.
  return 'permanent';
}

export const CUT_OFF_ANSWER_TEXT =
  'The destination answered with more than the size limit, so the answer was cut off. The lead may have arrived: check there before you resend.';

/**
 * Decides what an attempt means. An answer over the size cap is a failed attempt that is not retried by
 * itself: the destination misbehaves, yet it may have taken the lead, and an automatic resend could
 * duplicate it (the marketer decides). Errors before an answer are retried, except a refused address or a
 * bad URL, which no retry can change.
 */
export function classifyAttempt(
  result: OutboundResponse | OutboundError,
  options: ClassifyOptions,
): ClassifiedAttempt {
  if (result instanceof OutboundError) {
    const permanent = result.kind === 'refused_address' || result.kind === 'bad_url';
    return {
      outcome: permanent ? 'permanent' : 'retry',
      retryAfterMs: null,
      statusCode: null,
      error: result.message,
      responseExcerpt: null,
      durationMs: result.durationMs,
    };
  }
  const outcome = result.truncated
    ? 'permanent'
    : outcomeOfStatus(result.status, options.redirectMeansDelivered);
  const notes: string[] = [];
  if (outcome !== 'delivered') notes.push(`HTTP ${result.status}`);
  if (outcome === 'permanent' && result.status >= 300 && result.status < 400) {
    notes.push(`redirected to ${result.headers.location ?? 'nowhere'}; update the address`);
  }
  if (result.truncated) notes.push(CUT_OFF_ANSWER_TEXT);
  return {
    outcome,
    retryAfterMs:
      outcome === 'retry' ? parseRetryAfter(result.headers['retry-after'], options.now ?? Date.now()) : null,
    statusCode: result.status,
    error: notes.length > 0 ? notes.join('; ') : null,
    responseExcerpt: excerpt(result.bodyText),
    durationMs: result.durationMs,
  };
}

/** An attempt refused before any request was made (no email field mapped, webhook deleted…). */
export function permanentWithoutRequest(error: string): ClassifiedAttempt {
  return {
    outcome: 'permanent',
    retryAfterMs: null,
    statusCode: null,
    error,
    responseExcerpt: null,
    durationMs: 0,
  };
}
