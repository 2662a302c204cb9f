import type { Profile } from '@quizbeam/contracts/profile';
import type { Database } from '@quizbeam/db/database';
import { sessions, users } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { unauthenticated } from '../../shared/appError';
import { pendingEmailChangeOf } from './emailChanges';
import { countOtherSessions } from './otherSessions';

/** What the Profile screen shows of the signed-in user and the session they call from. */
export async function profileSummary(
  db: Database,
  caller: { userId: string; currentTokenHash: string },
): Promise<Profile> {
  const [[user], [session], pending, otherSessions] = await Promise.all([
    db.select({ email: users.email }).from(users).where(eq(users.id, caller.userId)),
    db
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, caller.currentTokenHash)),
    pendingEmailChangeOf(db, caller.userId),
    countOtherSessions(db, caller),
  ]);
  // Both were there when the request was let in; a sign-out in between leaves nothing to show.
  if (!user || !session) throw unauthenticated();
  return {
    email: user.email,
    pendingEmail: pending?.newEmail ?? null,
    otherSessions,
    currentSessionStartedAt: session.createdAt.toISOString(),
  };
}
