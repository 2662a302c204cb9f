import { z } from 'zod';

/** Stable error codes: the client switches on these, never on the English text. */
export const errorCodes = [
  'validation_failed',
  /** Publish refused a quiz that is not complete; the body lists the items to complete. */
  'not_publishable',
  'invalid_credentials',
  'invalid_password',
  'invalid_code',
  'unauthenticated',
  'forbidden_origin',
  'not_found',
  'conflict',
  /** A duplicate of something the account already has (an HTML form with the same parsed data). */
  'duplicate',
  /** Still used by a quiz (an HTML form, a webhook): the message names the quizzes. */
  'in_use',
  /** A custom domain's DNS does not point at the publish host (yet). */
  'domain_not_pointing',
  'rate_limited',
  /** Too much is waiting to be written (or the store is unreachable): try again shortly. */
  'busy',
  /** The body is larger than the endpoint accepts. */
  'too_large',
  /** A quota of the account is used up. */
  'quota_exceeded',
  /** The quiz's account is disabled: it accepts nothing for now. */
  'unavailable',
  'internal',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorBodySchema = z.object({ error: z.string(), code: errorCodeSchema });
export type ErrorBody = z.infer<typeof errorBodySchema>;
