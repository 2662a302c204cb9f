import type { AutoresponderService } from '@quizbeam/contracts/integrations';
import type { Database } from '@quizbeam/db/database';
import { oauthStates } from '@quizbeam/db/integrationsSchema';
import { and, desc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import { notFound } from '../../shared/appError';
import { hashToken } from '../../shared/secureTokens';

export const OAUTH_STATE_LIFETIME_MS = 10 * 60 * 1000;
/** Round trips a session may have in flight; older ones are forgotten (a tab left open, a retry). */
export const MAX_PENDING_STATES_PER_SESSION = 20;

export type OAuthStateRow = typeof oauthStates.$inferSelect;

export interface NewOAuthState {
  state: string;
  sessionTokenHash: string;
  userId: string;
  accountId: string;
  service: AutoresponderService;
  connectionId: string | null;
  codeVerifierEncrypted: string | null;
}

/** Stores the state as its SHA-256, then forgets the session's spent states and all but its newest pending ones. */
export async function storeOAuthState(db: Database, input: NewOAuthState, now: Date): Promise<void> {
  const { state, ...rest } = input;
  await db.insert(oauthStates).values({
    ...rest,
    stateHash: hashToken(state),
    createdAt: now,
    expiresAt: new Date(now.getTime() + OAUTH_STATE_LIFETIME_MS),
  });
  const ofSession = eq(oauthStates.sessionTokenHash, input.sessionTokenHash);
  await db
    .delete(oauthStates)
    .where(and(ofSession, or(lt(oauthStates.expiresAt, now), lt(oauthStates.usedAt, now))));
  const beyondLimit = await db
    .select({ stateHash: oauthStates.stateHash })
    .from(oauthStates)
    .where(ofSession)
    .orderBy(desc(oauthStates.createdAt), desc(oauthStates.stateHash))
    .offset(MAX_PENDING_STATES_PER_SESSION);
  if (beyondLimit.length > 0) {
    await db.delete(oauthStates).where(
      inArray(
        oauthStates.stateHash,
        beyondLimit.map((row) => row.stateHash),
      ),
    );
  }
}

/** Names the connection of the session's newest round trip in flight; none is a 404. */
export async function saveConnectionName(
  db: Database,
  sessionTokenHash: string,
  connectionName: string,
  now: Date,
): Promise<void> {
  const [latest] = await db
    .select({ stateHash: oauthStates.stateHash })
    .from(oauthStates)
    .where(
      and(
        eq(oauthStates.sessionTokenHash, sessionTokenHash),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, now),
      ),
    )
    .orderBy(desc(oauthStates.createdAt), desc(oauthStates.stateHash))
    .limit(1);
  if (!latest) throw notFound();
  await db.update(oauthStates).set({ connectionName }).where(eq(oauthStates.stateHash, latest.stateHash));
}

export type StateRefusal = 'unknown' | 'used' | 'other-session' | 'expired';

/**
 * Uses the state once, atomically: only the session that started the round trip can, and only once, even
 * when what follows fails. Answers the row, or why it cannot be used.
 */
export async function consumeOAuthState(
  db: Database,
  state: string,
  sessionTokenHash: string,
  service: AutoresponderService,
  now: Date,
): Promise<OAuthStateRow | StateRefusal> {
  const stateHash = hashToken(state);
  const [taken] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.stateHash, stateHash),
        eq(oauthStates.sessionTokenHash, sessionTokenHash),
        eq(oauthStates.service, service),
        isNull(oauthStates.usedAt),
      ),
    )
    .returning();
  if (taken) return taken.expiresAt.getTime() <= now.getTime() ? 'expired' : taken;
  const [found] = await db.select().from(oauthStates).where(eq(oauthStates.stateHash, stateHash));
  if (!found || found.service !== service) return 'unknown';
  if (found.sessionTokenHash !== sessionTokenHash) return 'other-session';
  return 'used';
}
