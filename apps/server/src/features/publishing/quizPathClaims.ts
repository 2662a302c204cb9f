import { QUIZ_PATH_TAKEN_MESSAGE } from '@quizbeam/contracts/quizAddress';
import type { Database } from '@quizbeam/db/database';
import { liveQuizzes, quizzes } from '@quizbeam/db/schema';
import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError } from '../../shared/appError';
import { normalizeDomainHost } from '../domains/normalizeDomainHost';
import { isUniqueViolation } from '../templates/constraintViolation';

/** A quiz asking for a path on a host: to publish there, or to keep the path for its next Publish. */
export interface QuizPathClaim {
  quizId: string;
  host: string;
  path: string;
}

/** The index that keeps two live quizzes from one address, whatever the checks before it saw. */
const LIVE_ADDRESS_INDEX = 'live_quizzes_host_slug_unique';

export const quizPathTaken = () => new AppError('conflict', QUIZ_PATH_TAKEN_MESSAGE);

/** The host a quiz that is not live will publish on: its chosen domain, or our publish host. */
export function hostToPublishOn(domain: string | null | undefined, publishHost: string): string {
  if (!domain) return publishHost;
  const host = normalizeDomainHost(domain);
  return host === '' ? publishHost : host;
}

/**
 * Whether another quiz has the path on the host: it is live there, or (live nowhere else) it will publish
 * there with that path. A quiz's host is where it is live, or else where its chosen domain will put it.
 */
export async function isQuizPathTaken(
  db: Database,
  publishHost: string,
  claim: QuizPathClaim,
): Promise<boolean> {
  const [live] = await db
    .select({ quizId: liveQuizzes.quizId })
    .from(liveQuizzes)
    .where(
      and(
        eq(liveQuizzes.host, claim.host),
        eq(liveQuizzes.slug, claim.path),
        ne(liveQuizzes.quizId, claim.quizId),
      ),
    )
    .limit(1);
  if (live) return true;
  const holders = await db
    .select({ liveHost: liveQuizzes.host, domain: sql<string | null>`${quizzes.document}->>'domain'` })
    .from(quizzes)
    .leftJoin(liveQuizzes, eq(liveQuizzes.quizId, quizzes.id))
    .where(and(sql`${quizzes.document}->>'publishedId' = ${claim.path}`, ne(quizzes.id, claim.quizId)));
  return holders.some(
    (holder) => (holder.liveHost ?? hostToPublishOn(holder.domain, publishHost)) === claim.host,
  );
}

/**
 * Inside the caller's transaction: waits for any other claim of the same host and path to commit (so two
 * quizzes cannot both find it free), then refuses with a 409 when another quiz has it.
 */
export async function assertQuizPathFree(
  db: Database,
  publishHost: string,
  claim: QuizPathClaim,
): Promise<void> {
  const lockKey = `quizbeam:quiz-path:${claim.host}/${claim.path}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
  if (await isQuizPathTaken(db, publishHost, claim)) throw quizPathTaken();
}

/** A quiz that went live at an address another one took meanwhile: the same 409 as the check's. */
export function refuseTakenLiveAddress(error: unknown): never {
  if (isUniqueViolation(error) && constraintOf(error) !== 'other') throw quizPathTaken();
  throw error;
}

/** Which index refused the row, when the driver says; 'other' for any but the live address's. */
function constraintOf(error: unknown): 'live address' | 'unknown' | 'other' {
  for (let current = error; current instanceof Error; current = current.cause) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint === LIVE_ADDRESS_INDEX ? 'live address' : 'other';
  }
  return 'unknown';
}
