import type { Database } from '@quizbeam/db/database';
import { accounts, users } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';

/** Whether the user's account is disabled (a user that no longer exists has no account to sign in to). */
export async function accountOfUserIsDisabled(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ disabledAt: accounts.disabledAt })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, userId));
  return !row || row.disabledAt !== null;
}
