import {
  browserTrackingSchema,
  effectiveTracking,
  NO_BROWSER_TRACKING,
} from '@quizbeam/contracts/measurement';
import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Database } from '@quizbeam/db/database';
import { accounts, domains, liveQuizzes, publishedSnapshots, quizzes } from '@quizbeam/db/schema';
import { incompleteItems, isPublishable } from '@quizbeam/quiz-engine/publishability';
import { and, eq, max } from 'drizzle-orm';
import { AppError, notFound } from '../../shared/appError';
import type { SiteChangeAnnouncer } from '../../shared/siteChangeAnnouncer';
import { assertWithinUsageLimit } from '../accounts/usageLimits/assertWithinUsageLimit';
import { normalizeDomainHost } from '../domains/normalizeDomainHost';
import { newPublishedSlug } from '../quizzes/publishedSlug';
import { findQuiz, saveQuizContent, storePublishedState } from '../quizzes/quizRecords';
import { editedQuiz } from '../quizzes/saveQuiz';
import { scriptsForPublish } from '../scripts/scriptsForPublish';
import { recordQuizAddress } from './movedQuizAddresses';
import { assertQuizPathFree, refuseTakenLiveAddress } from './quizPathClaims';
import { retireSnapshots } from './retireSnapshots';
import { scoreSummaryOf } from './scoreSummary';
import { visitorSnapshotIdsOf } from './visitorSnapshots';

/** The account's default tags; `{}` (never set) or anything no longer valid is none. */
const accountTrackingDefaults = browserTrackingSchema.catch(NO_BROWSER_TRACKING);

export interface PublishingAccount {
  id: string;
  permissions: { proVersion: boolean; extraTemplates: boolean };
}

export interface PublishedPlace {
  host: string;
  slug: string;
}

export interface PublishQuizDeps {
  db: Database;
  siteChanges: SiteChangeAnnouncer;
}

export interface UnpublishQuizDeps {
  db: Database;
  siteChanges: SiteChangeAnnouncer;
  /** When "now" is, for which replaced versions still take visitors; the system clock when absent. */
  clock?: () => Date;
}

export interface PublishOutcome {
  quiz: Quiz;
  previous: (PublishedPlace & { snapshotId: string }) | null;
  current: PublishedPlace;
}

/**
 * Saves the quiz as sent (over the revision it carries, like any save), then, when it is publishable,
 * writes an immutable snapshot and makes it the live one (Publish and Republish are the same step); the
 * snapshot it replaces is retired. One transaction that starts by locking the quiz row, so concurrent
 * publishes of one quiz run one after the other and each gets its own version. Once it is committed, the
 * published sites hear of it (the cached pages of where it was live before and where it is now are dropped);
 * returns the stored quiz and both places. A quiz that cannot go live
 * is still saved; the refusal (400 `not_publishable`) lists what to complete and carries its new revision.
 * The first Publish of a quiz counts against the account's published quizzes limit (403 `quota_exceeded`
 * at it, and nothing is saved); a Republish of a live quiz always goes through.
 */
export async function publishQuiz(
  deps: PublishQuizDeps,
  account: PublishingAccount,
  savedBy: string,
  publishHost: string,
  quizId: string,
  incoming: Quiz,
): Promise<PublishOutcome> {
  const published = await storePublishedQuiz(deps.db, account, savedBy, publishHost, quizId, incoming).catch(
    refuseTakenLiveAddress,
  );
  const { previous, current } = published;
  await deps.siteChanges.announce({ kind: 'published', previous, current });
  return published;
}

async function storePublishedQuiz(
  db: Database,
  account: PublishingAccount,
  savedBy: string,
  publishHost: string,
  quizId: string,
  incoming: Quiz,
): Promise<PublishOutcome> {
  const result = await db.transaction(async (tx): Promise<PublishOutcome | { refusal: AppError }> => {
    await lockQuiz(tx, account.id, quizId);
    const [alreadyLive] = await tx
      .select({ quizId: liveQuizzes.quizId })
      .from(liveQuizzes)
      .where(eq(liveQuizzes.quizId, quizId));
    if (!alreadyLive) await assertWithinUsageLimit(tx, account.id, 'publishedQuizzes');
    const saved = await editedQuiz(tx, account, quizId, incoming);
    let host: string;
    try {
      assertPublishable(saved);
      host = await chosenHost(tx, account.id, saved.domain, publishHost);
    } catch (refusal) {
      if (!(refusal instanceof AppError)) throw refusal;
      const stored = await saveQuizContent(tx, account.id, saved, savedBy);
      return { refusal: withRevision(refusal, stored.revision) };
    }
    const scripts = await scriptsForPublish(tx, account.id, saved.id);
    const [accountRow] = await tx
      .select({
        showPoweredByBadge: accounts.showPoweredByBadge,
        trackingDefaults: accounts.trackingDefaults,
      })
      .from(accounts)
      .where(eq(accounts.id, account.id));
    const [previous] = await tx
      .select({ host: liveQuizzes.host, slug: liveQuizzes.slug, snapshotId: liveQuizzes.snapshotId })
      .from(liveQuizzes)
      .where(eq(liveQuizzes.quizId, saved.id));
    const slug = saved.publishedId ?? newPublishedSlug();
    await assertQuizPathFree(tx, publishHost, { quizId: saved.id, host, path: slug });
    const quiz = await saveQuizContent(
      tx,
      account.id,
      { ...saved, publishedId: slug, publishedHost: host, isPublished: true },
      savedBy,
      'publish',
    );
    const [latest] = await tx
      .select({ version: max(publishedSnapshots.version) })
      .from(publishedSnapshots)
      .where(eq(publishedSnapshots.quizId, quiz.id));
    const snapshotId = crypto.randomUUID();
    const score = scoreSummaryOf(quiz);
    await tx.insert(publishedSnapshots).values({
      id: snapshotId,
      quizId: quiz.id,
      accountId: account.id,
      version: (latest?.version ?? 0) + 1,
      slug,
      host,
      document: quiz,
      scripts,
      // What the page turns on is fixed at publish, like the scripts: a later change goes live on Republish.
      tracking: effectiveTracking(quiz.tracking, accountTrackingDefaults.parse(accountRow?.trackingDefaults)),
      showPoweredByBadge: quiz.showPoweredByBadge ?? accountRow?.showPoweredByBadge ?? true,
      maxScore: score.maxScore,
      maxScoreExact: score.exact,
    });
    const live = { quizId: quiz.id, snapshotId, host, slug };
    await tx
      .insert(liveQuizzes)
      .values(live)
      .onConflictDoUpdate({ target: liveQuizzes.quizId, set: { snapshotId, host, slug } });
    if (previous) await retireSnapshots(tx, [previous.snapshotId], 'republish');
    const former =
      saved.publishedHost && saved.publishedId
        ? { host: saved.publishedHost, slug: saved.publishedId }
        : null;
    await recordQuizAddress(tx, quiz.id, former, { host, slug });
    return { quiz, previous: previous ?? null, current: { host, slug } };
  });
  if ('refusal' in result) throw result.refusal;
  return result;
}

const withRevision = (refusal: AppError, revision: number) =>
  new AppError(refusal.code, refusal.message, refusal.headers, { ...refusal.details, revision });

/** Takes the quiz row's lock for the rest of the transaction (a 404 for another account's or an unknown quiz). */
async function lockQuiz(tx: Database, accountId: string, quizId: string): Promise<void> {
  const [row] = await tx
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.accountId, accountId)))
    .for('update');
  if (!row) throw notFound();
}

function assertPublishable(quiz: Quiz): void {
  if (isPublishable(quiz)) return;
  throw new AppError(
    'not_publishable',
    'This quiz cannot be published yet: it needs at least one question and one outcome, and every item complete.',
    {},
    { incompleteItems: incompleteItems(quiz) },
  );
}

async function chosenHost(
  db: Database,
  accountId: string,
  domain: string | null,
  publishHost: string,
): Promise<string> {
  if (domain === null || domain === '' || domain === publishHost) return publishHost;
  const [owned] = await db
    .select({ host: domains.host })
    .from(domains)
    .where(and(eq(domains.accountId, accountId), eq(domains.host, normalizeDomainHost(domain))));
  if (!owned) {
    throw new AppError(
      'validation_failed',
      `The domain ${domain} is not one of your domains. Add it on the Domains screen, or choose "Host with Quizbeam".`,
    );
  }
  return owned.host;
}

/**
 * Takes the quiz down: no snapshot is live any more (snapshots and their results are kept), and every
 * version stops taking visitors, also those a Republish left open for visitors mid-quiz. The published
 * sites hear of it once it is committed.
 */
export async function unpublishQuiz(
  deps: UnpublishQuizDeps,
  accountId: string,
  quizId: string,
): Promise<{ quiz: Quiz; previous: (PublishedPlace & { snapshotId: string }) | null }> {
  const { db, siteChanges, clock = () => new Date() } = deps;
  const unpublished = await db.transaction(async (tx) => {
    await lockQuiz(tx, accountId, quizId);
    const snapshotIds = await visitorSnapshotIdsOf(tx, quizId, clock());
    const [previous] = await tx
      .delete(liveQuizzes)
      .where(eq(liveQuizzes.quizId, quizId))
      .returning({ host: liveQuizzes.host, slug: liveQuizzes.slug, snapshotId: liveQuizzes.snapshotId });
    if (previous) await retireSnapshots(tx, [previous.snapshotId], 'unpublish');
    await storePublishedState(tx, accountId, quizId, false);
    return { quiz: await findQuiz(tx, accountId, quizId), previous: previous ?? null, snapshotIds };
  });
  const { quiz, previous, snapshotIds } = unpublished;
  await siteChanges.announce({ kind: 'unpublished', previous, snapshotIds });
  return { quiz, previous };
}
