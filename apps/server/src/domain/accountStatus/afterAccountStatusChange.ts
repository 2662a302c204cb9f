import type { Database } from '@quizbeam/db/database';
import { accounts, sessions, users } from '@quizbeam/db/schema';
import { eq, inArray } from 'drizzle-orm';
import type { PublishedSite } from '../../modules/publishedSite/publishedSite';

/**
 * What follows an account being disabled or enabled, once that change is committed: every server process
 * stops serving (or serves again) the account's published pages and visitor calls at once, instead of after
 * its caches' few seconds, and a disabled account's users lose their sessions (refused by every process on
 * their next request).
 */
export async function afterAccountStatusChange(
  deps: { db: Database; site: PublishedSite },
  accountId: string,
): Promise<void> {
  const { db, site } = deps;
  await site.changes.announce({ kind: 'accountStatusChanged', accountId });
  const [account] = await db
    .select({ disabledAt: accounts.disabledAt })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (account?.disabledAt) {
    await db
      .delete(sessions)
      .where(
        inArray(
          sessions.userId,
          db.select({ id: users.id }).from(users).where(eq(users.accountId, accountId)),
        ),
      );
  }
}
