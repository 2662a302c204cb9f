import type { ErrorCode } from '@quizbeam/contracts/errors';

const statusByCode: Record<ErrorCode, number> = {
  validation_failed: 400,
  not_publishable: 400,
  invalid_credentials: 422,
  invalid_password: 422,
  invalid_code: 422,
  unauthenticated: 401,
  forbidden_origin: 403,
  not_found: 404,
  conflict: 409,
  duplicate: 409,
  in_use: 409,
  domain_not_pointing: 400,
  rate_limited: 429,
  busy: 503,
  too_large: 413,
  quota_exceeded: 403,
  unavailable: 403,
  internal: 500,
};

/** The one error type domain code throws; the error handler turns it into `{ error, code }`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Extra fields of the error body beside `error` and `code` (e.g. publish's `incompleteItems`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = statusByCode[code];
  }
}

export const notFound = () => new AppError('not_found', 'We could not find what you asked for.');
export const unauthenticated = () => new AppError('unauthenticated', 'Please sign in to continue.');
