import type { Quiz } from '@quizbeam/contracts/quiz';
import { DEFAULT_THEME_ID } from '@quizbeam/contracts/quizConstants';
import { type ImportSharedQuizBody, shareCodeIn, UNKNOWN_SHARE_CODE_TEXT } from '@quizbeam/contracts/sharing';
import type { Database } from '@quizbeam/db/database';
import { quizzes } from '@quizbeam/db/schema';
import { migrateQuizDocument } from '@quizbeam/quiz-engine/migrateQuizDocument';
import { mayUseTheme } from '@quizbeam/themes/themeCatalog';
import { eq } from 'drizzle-orm';
import { AppError } from '../../shared/appError';
import { withoutAccountDestinations } from '../../shared/withoutAccountDestinations';
import { newPublishedSlug } from '../quizzes/publishedSlug';
import { insertQuiz } from '../quizzes/quizRecords';

/**
 * The quiz a share code (or share link) names, from any account; any signed-in user may see it. Nothing that
 * points into the sharer's account comes with it: no integration, HTML form or webhook, so a copy never sends
 * its leads to the sharer, and no publishing.
 */
export async function findSharedQuiz(db: Database, shareCodeOrLink: string): Promise<Quiz> {
  const shareCode = shareCodeIn(shareCodeOrLink);
  const [row] = shareCode
    ? await db.select({ document: quizzes.document }).from(quizzes).where(eq(quizzes.shareCode, shareCode))
    : [];
  if (!row) throw new AppError('not_found', UNKNOWN_SHARE_CODE_TEXT);
  return withoutAccountDestinations(migrateQuizDocument(row.document));
}

/**
 * Copies a shared quiz into the account under a new name, unpublished, with its own address. Questions,
 * outcomes, flow, design and capture texts come along; scripts, publishing, domain and where leads
 * were sent do not. Images
 * stay where the sharer uploaded them: uploads are never overwritten, and the editor never deletes them.
 * Alternate descriptions are kept only for Pro accounts, and an extra theme only with extraTemplates (the
 * default theme otherwise), as saving enforces.
 */
export async function importSharedQuiz(
  db: Database,
  account: { id: string; permissions: { proVersion: boolean; extraTemplates: boolean } },
  { name, shareCode }: ImportSharedQuizBody,
): Promise<string> {
  const shared = await findSharedQuiz(db, shareCode);
  const copy: Quiz = {
    ...shared,
    id: crypto.randomUUID(),
    name,
    revision: 0,
    publishedId: newPublishedSlug(),
    publishedHost: null,
    isPublished: false,
    domain: null,
    theme: mayUseTheme(shared.theme, account.permissions) ? shared.theme : DEFAULT_THEME_ID,
    outcomes: account.permissions.proVersion
      ? shared.outcomes
      : shared.outcomes.map((outcome) => ({ ...outcome, descriptions: outcome.descriptions.slice(0, 1) })),
  };
  await insertQuiz(db, account.id, copy);
  return copy.id;
}
