import type { Database } from '@quizbeam/db/database';
import { emailChangeRequests } from '@quizbeam/db/editingSchema';
import { passwordCodes, users } from '@quizbeam/db/schema';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashToken } from '../../shared/secureTokens';
import { isUniqueViolation } from '../templates/constraintViolation';
import { isEmailTakenByAnotherUser } from './emailChanges';

/** What opening a confirmation link did. */
export type EmailChangeOutcome =
  | { kind: 'changed'; userId: string; oldEmail: string; newEmail: string }
  /** Unknown, expired, cancelled, replaced by a newer request, or used already. */
  | { kind: 'invalid' }
  /** Another user took the address after the request: the link is used up, the email stays. */
  | { kind: 'taken' };

const usable = (code: string, now: Date) =>
  and(
    eq(emailChangeRequests.codeHash, hashToken(code)),
    isNull(emailChangeRequests.usedAt),
    gt(emailChangeRequests.expiresAt, now),
  );

/** The new address a confirmation link would set, without using it; null when the link cannot be used. */
export async function emailOfUsableChange(db: Database, code: string): Promise<string | null> {
  const [found] = await db
    .select({ newEmail: emailChangeRequests.newEmail })
    .from(emailChangeRequests)
    .where(usable(code, new Date()))
    .limit(1);
  return found?.newEmail ?? null;
}

/**
 * Uses a confirmation link: in one transaction the request is marked used and the user's email becomes the
 * new one, unless another user has it by now. Reset links not yet used stop working, since they went to the
 * old address.
 */
export async function confirmEmailChange(db: Database, code: string): Promise<EmailChangeOutcome> {
  try {
    return await db.transaction(async (tx): Promise<EmailChangeOutcome> => {
      const now = new Date();
      const [claimed] = await tx
        .update(emailChangeRequests)
        .set({ usedAt: now })
        .where(usable(code, now))
        .returning({ userId: emailChangeRequests.userId, newEmail: emailChangeRequests.newEmail });
      if (!claimed) return { kind: 'invalid' };
      const [user] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, claimed.userId))
        .for('update');
      if (!user) return { kind: 'invalid' };
      if (await isEmailTakenByAnotherUser(tx, claimed.newEmail, claimed.userId)) return { kind: 'taken' };
      await tx.update(users).set({ email: claimed.newEmail }).where(eq(users.id, claimed.userId));
      await tx
        .update(passwordCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordCodes.userId, claimed.userId),
            eq(passwordCodes.purpose, 'reset'),
            isNull(passwordCodes.usedAt),
          ),
        );
      return { kind: 'changed', userId: claimed.userId, oldEmail: user.email, newEmail: claimed.newEmail };
    });
  } catch (error) {
    // Another user's change to the same address committed between the check and this update.
    if (isUniqueViolation(error)) return { kind: 'taken' };
    throw error;
  }
}
