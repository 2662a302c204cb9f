import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Database } from '@quizbeam/db/database';
import { type QuizVersionKind, quizVersions } from '@quizbeam/db/editingSchema';
import { and, desc, eq, gt, inArray, lt, ne, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

/** A save this soon after its author's version began (and no publish or restore since) updates that version. */
export const SAVE_COALESCING_SECONDS = 120;
/** Saved and restored versions are kept this long after their last save; publishes for good. */
export const SAVED_VERSIONS_KEPT_DAYS = 30;

const DAY_SECONDS = 24 * 60 * 60;

/** Our own constants, written into the statement (a parameter would need a cast on both drivers). */
const secondsInterval = (seconds: number) => sql.raw(`interval '${Math.trunc(seconds)} seconds'`);

export interface StoredQuizVersion {
  accountId: string;
  /** The quiz as the save stored it, at its new revision. */
  quiz: Quiz;
  savedBy: string;
  kind: QuizVersionKind;
}

/**
 * Writes the quiz's history for a save, inside the save's own transaction (whose row lock on the quiz makes
 * saves of one quiz take turns here). A save updates its author's save begun under two minutes ago (see
 * `extendedOwnRecentSave`): typing adds versions by the minute, not by the keystroke. Publishes and
 * restores always add one. Expired versions of the quiz go in the same step. Times are the
 * database's, as every process of a deployment shares it.
 */
export async function recordQuizVersion(tx: Database, version: StoredQuizVersion): Promise<void> {
  const { accountId, quiz, savedBy, kind } = version;
  if (kind === 'save' && (await extendedOwnRecentSave(tx, quiz, savedBy))) {
    await pruneExpiredVersions(tx, quiz.id);
    return;
  }
  await tx.insert(quizVersions).values({
    id: crypto.randomUUID(),
    quizId: quiz.id,
    accountId,
    kind,
    revision: quiz.revision,
    document: quiz,
    savedBy,
    keep: kind === 'publish',
  });
  await pruneExpiredVersions(tx, quiz.id);
}

/**
 * Whether the author's own save begun under two minutes ago, with no publish or restore after it, now holds
 * this save's content (and its time, which puts it first). Others' saves in between do not end it, so two
 * people typing in turn keep a version each per two minutes rather than one per save. Every version still
 * holds the quiz as it was at its time, so the list stays a timeline.
 */
async function extendedOwnRecentSave(tx: Database, quiz: Quiz, savedBy: string): Promise<boolean> {
  const milestone = alias(quizVersions, 'milestone');
  const laterMilestone = tx
    .select({ id: milestone.id })
    .from(milestone)
    .where(
      and(
        eq(milestone.quizId, quiz.id),
        ne(milestone.kind, 'save'),
        gt(milestone.savedAt, quizVersions.savedAt),
      ),
    );
  const ownOpenSave = tx
    .select({ id: quizVersions.id })
    .from(quizVersions)
    .where(
      and(
        eq(quizVersions.quizId, quiz.id),
        eq(quizVersions.savedBy, savedBy),
        eq(quizVersions.kind, 'save'),
        sql`${quizVersions.createdAt} > now() - ${secondsInterval(SAVE_COALESCING_SECONDS)}`,
        notExists(laterMilestone),
      ),
    )
    .orderBy(desc(quizVersions.savedAt))
    .limit(1);
  const updated = await tx
    .update(quizVersions)
    .set({ document: quiz, revision: quiz.revision, savedAt: sql`now()` })
    .where(inArray(quizVersions.id, ownOpenSave))
    .returning({ id: quizVersions.id });
  return updated.length > 0;
}

/** Saves and restores past their 30 days (the index on quiz and time finds them). */
async function pruneExpiredVersions(tx: Database, quizId: string): Promise<void> {
  await tx
    .delete(quizVersions)
    .where(
      and(
        eq(quizVersions.quizId, quizId),
        eq(quizVersions.keep, false),
        lt(quizVersions.savedAt, sql`now() - ${secondsInterval(SAVED_VERSIONS_KEPT_DAYS * DAY_SECONDS)}`),
      ),
    );
}
