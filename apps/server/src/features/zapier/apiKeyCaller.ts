import { ZAPIER_API_KEY_HEADER } from '@quizbeam/contracts/zapier';
import type { Database } from '@quizbeam/db/database';
import { AppError } from '../../shared/appError';
import { accountOfZapierApiKey } from './zapierApiKeys';

export const MISSING_API_KEY_TEXT = `Send your Quizbeam API key in the ${ZAPIER_API_KEY_HEADER} header. You find it on the Zapier page in Quizbeam.`;
export const WRONG_API_KEY_TEXT =
  'The API key you supplied is incorrect. Copy it again from the Zapier page in Quizbeam: regenerating it there replaces the old one.';

/** Keys are ~47 characters; anything much longer is not one, and is not hashed. */
const MAX_KEY_LENGTH = 200;

/** The account whose API key the X-API-Key header's value names, or a 401 saying what is wrong. */
export async function requireApiKeyAccount(
  header: string | string[] | undefined,
  db: Database,
): Promise<string> {
  const key = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  if (key === '') throw new AppError('unauthenticated', MISSING_API_KEY_TEXT);
  const accountId = key.length > MAX_KEY_LENGTH ? null : await accountOfZapierApiKey(db, key);
  if (!accountId) throw new AppError('unauthenticated', WRONG_API_KEY_TEXT);
  return accountId;
}
