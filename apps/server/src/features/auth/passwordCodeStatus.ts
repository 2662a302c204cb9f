import type { Database } from '@quizbeam/db/database';
import { type PasswordCodePurpose, passwordCodes } from '@quizbeam/db/schema';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashToken } from '../../shared/secureTokens';

/**
 * Whether a link's code would still be redeemed (the same conditions as `redeemPasswordCode`), without
 * using it. One look-up by the code's hash: an unknown user and a wrong code answer alike.
 */
export async function isPasswordCodeUsable(
  db: Database,
  link: { userId: string; code: string; purpose: PasswordCodePurpose },
): Promise<boolean> {
  const [found] = await db
    .select({ id: passwordCodes.id })
    .from(passwordCodes)
    .where(
      and(
        eq(passwordCodes.codeHash, hashToken(link.code)),
        eq(passwordCodes.userId, link.userId),
        eq(passwordCodes.purpose, link.purpose),
        isNull(passwordCodes.usedAt),
        gt(passwordCodes.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return found !== undefined;
}
