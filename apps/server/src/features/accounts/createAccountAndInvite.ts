import type { Database } from '@quizbeam/db/database';
import type { Config } from '../../config/env';
import type { Mailer } from '../../email/mailer';
import { setPasswordMessage } from '../../email/messages';
import { issuePasswordCode } from '../auth/passwordCodes';
import { createAccount, type NewAccount } from './createAccount';

export interface AccountAndInvite {
  accountId: string;
  userId: string;
  /** True when a set-password email went to the first user (no password was given). */
  invited: boolean;
}

/** Creates the account; without a password, mails the first user a set-password link (valid 7 days). */
export async function createAccountAndInvite(
  deps: { db: Database; mailer: Mailer; config: Config },
  input: NewAccount,
): Promise<AccountAndInvite> {
  const { accountId, userId, email } = await createAccount(deps.db, input);
  if (input.password !== undefined) return { accountId, userId, invited: false };
  const code = await issuePasswordCode(deps.db, userId, 'set');
  const link = `${deps.config.appUrl}${deps.config.basePath}/set-password/${userId}/${code}`;
  await deps.mailer.send(setPasswordMessage(email, input.name.trim(), link));
  return { accountId, userId, invited: true };
}
