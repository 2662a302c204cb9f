import type { Database } from '@quizbeam/db/database';
import { type PasswordCodePurpose, passwordCodes, users } from '@quizbeam/db/schema';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { AppError } from '../../shared/appError';
import { hashToken, isUuid, newToken } from '../../shared/secureTokens';
import { hashPassword } from './passwordHashing';
import { assertPasswordAcceptable } from './passwordPolicy';

const HOUR_MS = 60 * 60 * 1000;
export const PASSWORD_CODE_LIFETIME_MS: Record<PasswordCodePurpose, number> = {
  reset: HOUR_MS,
  set: 7 * 24 * HOUR_MS,
};

const INVALID_LINK = 'This link is invalid, has expired or has already been used. Please ask for a new one.';

/** Issues a single-use code; any older unused code of the same purpose stops working. */
export async function issuePasswordCode(
  db: Database,
  userId: string,
  purpose: PasswordCodePurpose,
): Promise<string> {
  const code = newToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(passwordCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordCodes.userId, userId),
          eq(passwordCodes.purpose, purpose),
          isNull(passwordCodes.usedAt),
        ),
      );
    await tx.insert(passwordCodes).values({
      id: crypto.randomUUID(),
      userId,
      codeHash: hashToken(code),
      purpose,
      expiresAt: new Date(now.getTime() + PASSWORD_CODE_LIFETIME_MS[purpose]),
    });
  });
  return code;
}

/** Sets the new password if the code is valid, unused and unexpired; returns the user's ids. */
export async function redeemPasswordCode(
  db: Database,
  input: { userId: string; code: string; purpose: PasswordCodePurpose; password: string },
): Promise<{ userId: string; accountId: string }> {
  assertPasswordAcceptable(input.password);
  if (!isUuid(input.userId)) throw new AppError('invalid_code', INVALID_LINK);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx
      .update(passwordCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordCodes.codeHash, hashToken(input.code)),
          eq(passwordCodes.userId, input.userId),
          eq(passwordCodes.purpose, input.purpose),
          isNull(passwordCodes.usedAt),
          gt(passwordCodes.expiresAt, now),
        ),
      )
      .returning({ userId: passwordCodes.userId });
    if (claimed.length === 0) throw new AppError('invalid_code', INVALID_LINK);
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, input.userId))
      .returning({ userId: users.id, accountId: users.accountId });
    if (!user) throw new AppError('invalid_code', INVALID_LINK);
    return user;
  });
}
