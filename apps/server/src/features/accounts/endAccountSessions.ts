import type { Database } from '@quizbeam/db/database';
import { sessions, users } from '@quizbeam/db/schema';
import { eq, inArray } from 'drizzle-orm';

/** Signs every user of the account out: each process refuses their sessions on the next request. */
export async function endAccountSessions(db: Database, accountId: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      inArray(sessions.userId, db.select({ id: users.id }).from(users).where(eq(users.accountId, accountId))),
    );
}
