import { INVALID_EMAIL_TEXT, normalizeEmailAddress } from '@quizbeam/contracts/emailAddress';
import { EMAIL_CHANGE_LIFETIME_HOURS, EMAIL_IN_USE_TEXT, SAME_EMAIL_TEXT } from '@quizbeam/contracts/profile';
import type { Database } from '@quizbeam/db/database';
import { emailChangeRequests } from '@quizbeam/db/editingSchema';
import { users } from '@quizbeam/db/schema';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { AppError, unauthenticated } from '../../shared/appError';
import { hashToken, newToken } from '../../shared/secureTokens';
import { emailLookupKey } from '../accounts/findUserByEmail';

const EMAIL_CHANGE_LIFETIME_MS = EMAIL_CHANGE_LIFETIME_HOURS * 60 * 60 * 1000;

export const emailInUse = () => new AppError('conflict', EMAIL_IN_USE_TEXT);

/** Whether a user other than `userId` signs in with the address (compared as sign-in compares them). */
export async function isEmailTakenByAnotherUser(
  db: Database,
  email: string,
  userId: string,
): Promise<boolean> {
  const key = emailLookupKey(email);
  if (key === null) return false;
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${key}`, ne(users.id, userId)))
    .limit(1);
  return found !== undefined;
}

/** The user's newest change still waiting for its link (unused and unexpired), or undefined. */
export async function pendingEmailChangeOf(db: Database, userId: string) {
  const [pending] = await db
    .select({ newEmail: emailChangeRequests.newEmail })
    .from(emailChangeRequests)
    .where(
      and(
        eq(emailChangeRequests.userId, userId),
        isNull(emailChangeRequests.usedAt),
        gt(emailChangeRequests.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(emailChangeRequests.createdAt))
    .limit(1);
  return pending;
}

/** The address as it would be stored, or a 400 saying it is not one. */
export function validNewEmail(text: string): string {
  const email = normalizeEmailAddress(text);
  if (email === null) throw new AppError('validation_failed', INVALID_EMAIL_TEXT);
  return email;
}

/**
 * Records a change of the user's sign-in email to `newEmail`, waiting for the link with the returned code
 * to be opened; any earlier change still waiting stops working. The caller has checked the password.
 */
export async function requestEmailChange(
  db: Database,
  input: { userId: string; newEmail: string },
): Promise<{ code: string; newEmail: string; currentEmail: string }> {
  const newEmail = validNewEmail(input.newEmail);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
  if (!user) throw unauthenticated();
  if (emailLookupKey(user.email) === emailLookupKey(newEmail)) {
    throw new AppError('validation_failed', SAME_EMAIL_TEXT);
  }
  if (await isEmailTakenByAnotherUser(db, newEmail, input.userId)) throw emailInUse();

  const code = newToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .delete(emailChangeRequests)
      .where(and(eq(emailChangeRequests.userId, input.userId), isNull(emailChangeRequests.usedAt)));
    await tx.insert(emailChangeRequests).values({
      id: crypto.randomUUID(),
      userId: input.userId,
      newEmail,
      codeHash: hashToken(code),
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_LIFETIME_MS),
      createdAt: now,
    });
  });
  return { code, newEmail, currentEmail: user.email };
}

/** Drops the user's change waiting for its link, if any: the link then says it is no longer valid. */
export async function cancelEmailChange(db: Database, userId: string): Promise<void> {
  await db
    .delete(emailChangeRequests)
    .where(and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.usedAt)));
}
