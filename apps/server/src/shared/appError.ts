import type { ErrorCode } from '@quizbeam/contracts/errors';

/**
 * The one error type the use cases throw: a code for programs, a text to show, and (for a refusal that says
 * when to come back) headers and extra fields. The HTTP layer maps the code to its status.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Extra fields of the error body beside `error` and `code` (e.g. publish's `incompleteItems`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFound = () => new AppError('not_found', 'We could not find what you asked for.');
export const unauthenticated = () => new AppError('unauthenticated', 'Please sign in to continue.');
