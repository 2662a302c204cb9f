export type OutboundErrorKind = 'bad_url' | 'refused_address' | 'timeout' | 'network' | 'too_many_redirects';

/** Why an outbound request got no answer; the message is written for the marketer's attempt log. */
export class OutboundError extends Error {
  /** How long the request ran before it failed (0 when it never started). */
  durationMs = 0;

  constructor(
    readonly kind: OutboundErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OutboundError';
  }
}

/** The OutboundError this error is or wraps (undici wraps what a connector or lookup raised). */
export function findOutboundError(error: unknown): OutboundError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof OutboundError) return current;
    current = current.cause;
  }
  return null;
}
