import { WRONG_CURRENT_PASSWORD_TEXT } from '@quizbeam/contracts/profile';
import type { Database } from '@quizbeam/db/database';
import { users } from '@quizbeam/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError, unauthenticated } from '../../shared/appError';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwordHashing';
import { assertPasswordAcceptable } from '../auth/passwordPolicy';
import { endOtherSessions } from './otherSessions';

export const wrongCurrentPassword = () => new AppError('invalid_credentials', WRONG_CURRENT_PASSWORD_TEXT);

/**
 * Whether `password` is the user's password. Returns the hash it was checked against, so that a change made
 * with it can be refused if another one came first. A user without a password yet spends the same time.
 */
export async function checkCurrentPassword(
  db: Database,
  userId: string,
  password: string,
): Promise<{ valid: boolean; passwordHash: string | null; email: string }> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw unauthenticated();
  const valid = user.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstDummy(password);
  return { valid, passwordHash: user.passwordHash, email: user.email };
}

/**
 * Stores the new password's hash and ends every other session of the user, in one transaction: the password
 * is written only while it is still the one the caller proved (`checkedHash`), so of two changes made with
 * the same old password one wins and the other is told the password is wrong.
 */
export async function replacePassword(
  db: Database,
  input: { userId: string; currentTokenHash: string; checkedHash: string; newPassword: string },
): Promise<{ signedOut: number }> {
  assertPasswordAcceptable(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, input.userId), eq(users.passwordHash, input.checkedHash)))
      .returning({ id: users.id });
    if (updated.length === 0) throw wrongCurrentPassword();
    return { signedOut: await endOtherSessions(tx, input) };
  });
}
