import type { ApiKeyField } from '@quizbeam/contracts/integrations';
import { AppError } from '../../shared/appError';
import { ServiceError } from './autoresponders/autoresponderClient';

const retryAfterHeaders = (error: ServiceError): Record<string, string> => {
  const ms = error.details.retryAfterMs;
  return ms && ms > 0 ? { 'retry-after': String(Math.ceil(ms / 1000)) } : {};
};

/**
 * A refused connect: the service's message, and the input it refused flagged (the key when it did not
 * say). A service that is down or rate limiting flags nothing, as the input may well be right, unless the
 * failure names one: an API URL nothing answers at is most likely mistyped.
 */
export function connectRefusal(error: unknown): AppError {
  if (!(error instanceof ServiceError)) return toAppErrorOrRethrow(error);
  if (error.kind === 'retryable') {
    const field = error.details.field;
    const details = field ? { fields: { [field]: error.message } } : {};
    return new AppError('busy', error.message, retryAfterHeaders(error), details);
  }
  const field: ApiKeyField = error.details.field ?? 'apiKey';
  return new AppError('validation_failed', error.message, {}, { fields: { [field]: error.message } });
}

/** A failed call on a stored connection (its targets): the service's message, as a 400 or a 503 to retry. */
export function serviceCallRefusal(error: unknown): AppError {
  if (!(error instanceof ServiceError)) return toAppErrorOrRethrow(error);
  if (error.kind === 'retryable') return new AppError('busy', error.message, retryAfterHeaders(error));
  return new AppError('validation_failed', error.message);
}

function toAppErrorOrRethrow(error: unknown): AppError {
  if (error instanceof AppError) return error;
  throw error;
}
