import type { Me } from '@quizbeam/contracts/auth';
import type { Database } from '@quizbeam/db/database';
import { accounts, sessions, users } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { hashToken, newToken } from '../../shared/secureTokens';

export const SESSION_IDLE_LIMIT_MS = 30 * 24 * 60 * 60 * 1000;
// Writing last_seen_at on every request would turn each read into a write; a few minutes is precise enough.
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export async function createSession(db: Database, userId: string): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId });
  return token;
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function deleteUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * The signed-in user behind a session token, or null when it is unknown, idle for too long, or of a
 * disabled account (its users are signed out at once, whichever process disabled it).
 */
export async function resolveSession(
  db: Database,
  token: string,
  /** Called when this use was recorded (at most every few minutes): the cookie can be renewed with it. */
  onTouched?: () => void,
): Promise<Me | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ session: sessions, user: users, account: accounts })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(sessions.tokenHash, tokenHash));
  if (!row || row.account.disabledAt !== null) return null;
  const idleFor = Date.now() - row.session.lastSeenAt.getTime();
  if (idleFor > SESSION_IDLE_LIMIT_MS) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (idleFor > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
    onTouched?.();
  }
  const { user, account } = row;
  return {
    userId: user.id,
    email: user.email,
    isAdmin: user.isAdmin,
    account: {
      id: account.id,
      name: account.name,
      permissions: {
        isLimited: account.isLimited,
        commercialFeatures: account.commercialFeatures,
        extraTemplates: account.extraTemplates,
        proVersion: account.proVersion,
      },
    },
  };
}
