import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Database } from '@quizbeam/db/database';
import { accounts, domains, liveQuizzes, publishedSnapshots, quizzes } from '@quizbeam/db/schema';
import { incompleteItems } from '@quizbeam/quiz-engine/publishability';
import { and, eq, max } from 'drizzle-orm';
import { AppError, notFound } from '../http/appError';
import { newPublishedSlug } from './publishedSlug';
import { findQuiz, storeQuiz } from './quizRecords';
import { retireSnapshots } from './retireSnapshots';
import { editedQuiz } from './saveQuiz';
import { scoreSummaryOf } from './scoreSummary';
import { scriptsForPublish } from './scriptsForPublish';

export interface PublishingAccount {
  id: string;
  permissions: { proVersion: boolean };
}

export interface PublishedPlace {
  host: string;
  slug: string;
}

export interface PublishOutcome {
  quiz: Quiz;
  previous: (PublishedPlace & { snapshotId: string }) | null;
  current: PublishedPlace;
}

/**
 * Saves the quiz as sent, then, when it is publishable, writes an immutable snapshot and makes it the
 * live one (Publish and Republish are the same step); the snapshot it replaces is retired. One transaction
 * that starts by locking the quiz row, so concurrent publishes of one quiz run one after the other and each
 * gets its own version. Returns the stored quiz and where it was live before, so the caller can drop cached
 * pages of both places.
 */
export async function publishQuiz(
  db: Database,
  account: PublishingAccount,
  publishHost: string,
  incoming: Quiz,
): Promise<PublishOutcome> {
  const result = await db.transaction(async (tx): Promise<PublishOutcome | { refusal: unknown }> => {
    await lockQuiz(tx, account.id, incoming.id);
    const saved = await editedQuiz(tx, account, incoming.id, incoming);
    let host: string;
    try {
      assertPublishable(saved);
      host = await chosenHost(tx, account.id, saved.domain, publishHost);
    } catch (refusal) {
      // Publish saves the quiz as sent even when it cannot go live.
      await storeQuiz(tx, account.id, saved);
      return { refusal };
    }
    const scripts = await scriptsForPublish(tx, account.id, saved.id);
    const [accountRow] = await tx
      .select({ showPoweredByBadge: accounts.showPoweredByBadge })
      .from(accounts)
      .where(eq(accounts.id, account.id));
    const [previous] = await tx
      .select({ host: liveQuizzes.host, slug: liveQuizzes.slug, snapshotId: liveQuizzes.snapshotId })
      .from(liveQuizzes)
      .where(eq(liveQuizzes.quizId, saved.id));
    const slug = saved.publishedId ?? newPublishedSlug();
    const quiz: Quiz = { ...saved, publishedId: slug, publishedHost: host, isPublished: true };
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
    await storeQuiz(tx, account.id, quiz);
    return { quiz, previous: previous ?? null, current: { host, slug } };
  });
  if ('refusal' in result) throw result.refusal;
  return result;
}

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
  const items = incompleteItems(quiz);
  if (quiz.questions.length > 0 && quiz.outcomes.length > 0 && items.length === 0) return;
  throw new AppError(
    'validation_failed',
    'This quiz cannot be published yet: it needs at least one question and one outcome, and every item complete.',
    {},
    { incompleteItems: items },
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
    .where(and(eq(domains.accountId, accountId), eq(domains.host, domain.toLowerCase())));
  if (!owned) {
    throw new AppError(
      'validation_failed',
      `The domain ${domain} is not one of your domains. Add it on the Domains screen, or choose "Host with the product".`,
    );
  }
  return owned.host;
}

/** Takes the quiz down: no snapshot is live any more (snapshots and their results are kept). */
export async function unpublishQuiz(
  db: Database,
  accountId: string,
  quiz: Quiz,
): Promise<{ quiz: Quiz; previous: (PublishedPlace & { snapshotId: string }) | null }> {
  return db.transaction(async (tx) => {
    await lockQuiz(tx, accountId, quiz.id);
    const stored = await findQuiz(tx, accountId, quiz.id);
    const [previous] = await tx
      .delete(liveQuizzes)
      .where(eq(liveQuizzes.quizId, quiz.id))
      .returning({ host: liveQuizzes.host, slug: liveQuizzes.slug, snapshotId: liveQuizzes.snapshotId });
    if (previous) await retireSnapshots(tx, [previous.snapshotId], 'unpublish');
    const updated: Quiz = { ...stored, isPublished: false };
    await storeQuiz(tx, accountId, updated);
    return { quiz: updated, previous: previous ?? null };
  });
}
