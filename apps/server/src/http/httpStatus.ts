import type { ErrorCode } from '@quizbeam/contracts/errors';

/** The HTTP status of each error code. */
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

export const httpStatusOf = (code: ErrorCode): number => statusByCode[code];
