import type { ErrorCode } from '@quizbeam/contracts/errors';

/** A call that did not succeed: a non-OK status, or status 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;

  /** The whole error body the server sent (some errors carry more than `error` and `code`). */
  readonly body: unknown;

  constructor(status: number, code: ErrorCode | undefined, message: string, body?: unknown) {
    super(message);
    this.body = body;
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
