import { publishedQuizUrl } from '@quizbeam/contracts/publishing';
import type { QuizAddress, QuizAddressAvailability } from '@quizbeam/contracts/quizAddress';
import type { Database } from '@quizbeam/db/database';
import { liveQuizzes, quizzes } from '@quizbeam/db/schema';
import { eq, sql } from 'drizzle-orm';
import { notFound } from '../../shared/appError';
import type { SiteChangeAnnouncer } from '../../shared/siteChangeAnnouncer';
import { ownQuiz } from '../quizzes/quizRecords';
import { recordQuizAddress } from './movedQuizAddresses';
import type { PublishedPlace } from './publishQuiz';
import {
  assertQuizPathFree,
  hostToPublishOn,
  isQuizPathTaken,
  refuseTakenLiveAddress,
} from './quizPathClaims';

export interface QuizAddressDeps {
  db: Database;
  siteChanges: SiteChangeAnnouncer;
  /** PUBLISH_URL: our publish host, and how addresses on it are written. */
  publishUrl: string;
}

export interface ChangedQuizAddress {
  address: QuizAddress;
  /** Where a live quiz was and is now, when the change moved it. */
  moved: { previous: PublishedPlace & { snapshotId: string }; current: PublishedPlace } | null;
}

interface QuizPlace {
  publishedId: string | null;
  host: string;
  live: (PublishedPlace & { snapshotId: string }) | null;
}

/**
 * Sets the quiz's path (already checked against the path rule) on the host it is live on, or else the one it
 * will publish on, unless another quiz has it there (409). Only the path changes: the document's
 * `publishedId` is set in place and the revision stays, so an editor's next save goes through. A live quiz
 * moves at once: its live address changes, the old one is kept as moved (it redirects to the new one), and
 * once committed the published sites drop the pages of both.
 */
export async function changeQuizAddress(
  deps: QuizAddressDeps,
  accountId: string,
  quizId: string,
  path: string,
): Promise<ChangedQuizAddress> {
  const { db, publishUrl } = deps;
  const publishHost = new URL(publishUrl).host;
  const changed = await db
    .transaction(async (tx) => {
      const place = await quizPlace(tx, accountId, quizId, publishHost, { lock: true });
      const { host, live } = place;
      const moves = live !== null && live.slug !== path;
      const isPublished = live !== null;
      if (place.publishedId === path && !moves) return { host, isPublished, moved: null };
      await assertQuizPathFree(tx, publishHost, { quizId, host, path });
      await tx
        .update(quizzes)
        .set({
          document: sql`jsonb_set(${quizzes.document}, '{publishedId}', ${JSON.stringify(path)}::jsonb)`,
        })
        .where(ownQuiz(accountId, quizId));
      if (!live || !moves) return { host, isPublished, moved: null };
      await tx.update(liveQuizzes).set({ slug: path }).where(eq(liveQuizzes.quizId, quizId));
      const current = { host: live.host, slug: path };
      await recordQuizAddress(tx, quizId, { host: live.host, slug: live.slug }, current);
      return { host, isPublished, moved: { previous: live, current } };
    })
    .catch(refuseTakenLiveAddress);
  if (changed.moved) await deps.siteChanges.announce({ kind: 'published', ...changed.moved });
  return {
    address: {
      publishedId: path,
      url: publishedQuizUrl(publishUrl, changed.host, path),
      isPublished: changed.isPublished,
    },
    moved: changed.moved,
  };
}

/** Whether the path is free for the quiz on its host; its own path is. */
export async function quizAddressAvailability(
  db: Database,
  publishUrl: string,
  accountId: string,
  quizId: string,
  path: string,
): Promise<QuizAddressAvailability> {
  const publishHost = new URL(publishUrl).host;
  const { host } = await quizPlace(db, accountId, quizId, publishHost, { lock: false });
  return { path, available: !(await isQuizPathTaken(db, publishHost, { quizId, host, path })) };
}

/** The quiz's path and host (404 for another account's quiz), its row locked for the transaction if asked. */
async function quizPlace(
  db: Database,
  accountId: string,
  quizId: string,
  publishHost: string,
  { lock }: { lock: boolean },
): Promise<QuizPlace> {
  const query = db
    .select({
      publishedId: sql<string | null>`${quizzes.document}->>'publishedId'`,
      domain: sql<string | null>`${quizzes.document}->>'domain'`,
    })
    .from(quizzes)
    .where(ownQuiz(accountId, quizId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  const [live] = await db
    .select({ host: liveQuizzes.host, slug: liveQuizzes.slug, snapshotId: liveQuizzes.snapshotId })
    .from(liveQuizzes)
    .where(eq(liveQuizzes.quizId, quizId));
  return {
    publishedId: row.publishedId,
    host: live?.host ?? hostToPublishOn(row.domain, publishHost),
    live: live ?? null,
  };
}
