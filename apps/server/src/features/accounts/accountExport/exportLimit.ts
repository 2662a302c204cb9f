import { ACCOUNT_EXPORTS_PER_HOUR } from '@quizbeam/contracts/account';
import type { RateLimiter } from '../../../security/rateLimiter';

const HOUR = 60 * 60 * 1000;

const waitMessage = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `An account's data can be exported ${ACCOUNT_EXPORTS_PER_HOUR} times an hour. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
};

/**
 * Counts one export of the account, by its users and admins alike (each reads everything the account has);
 * past ACCOUNT_EXPORTS_PER_HOUR in an hour, a 429 with Retry-After.
 */
export async function countAccountExport(limiter: RateLimiter, accountId: string): Promise<void> {
  await limiter.hit(
    [{ key: `account-export:${accountId}`, limit: { max: ACCOUNT_EXPORTS_PER_HOUR, windowMs: HOUR } }],
    waitMessage,
  );
}
