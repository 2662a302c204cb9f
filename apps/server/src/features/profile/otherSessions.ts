import type { Database } from '@quizbeam/db/database';
import { sessions } from '@quizbeam/db/schema';
import { and, eq, gt, ne } from 'drizzle-orm';
import { SESSION_IDLE_LIMIT_MS } from '../auth/sessions';

/** The user's sessions other than the caller's that would still be let in (not idle past the limit). */
export async function countOtherSessions(
  db: Database,
  user: { userId: string; currentTokenHash: string },
): Promise<number> {
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, user.userId),
        ne(sessions.tokenHash, user.currentTokenHash),
        gt(sessions.lastSeenAt, new Date(Date.now() - SESSION_IDLE_LIMIT_MS)),
      ),
    );
  return rows.length;
}

/**
 * Ends every session of the user but the caller's; each process refuses them on their next request.
 * Returns how many were still usable (idle ones are removed too, without being counted).
 */
export async function endOtherSessions(
  db: Database,
  user: { userId: string; currentTokenHash: string },
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, user.userId), ne(sessions.tokenHash, user.currentTokenHash)))
    .returning({ lastSeenAt: sessions.lastSeenAt });
  const usableSince = Date.now() - SESSION_IDLE_LIMIT_MS;
  return ended.filter((session) => session.lastSeenAt.getTime() > usableSince).length;
}
