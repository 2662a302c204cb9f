import { createGuardedHttpClient } from '../../../outbound/guardedHttpClient';
import { ServiceError } from '../autoresponderClient';

/** The guarded client as production builds it, allowed to reach the fakes on 127.0.0.1. */
export const localHttp = createGuardedHttpClient({ allowedHosts: [{ host: '127.0.0.1', port: null }] });

/** The ServiceError a call fails with; throws when it succeeds or fails otherwise. */
export async function failureOf(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}
