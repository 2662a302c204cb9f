import type { Quiz } from '@quizbeam/contracts/quiz';
import { MAX_OUTCOME_DESCRIPTIONS } from '@quizbeam/contracts/quizConstants';
import { EXTRA_THEME_MESSAGE, UNKNOWN_THEME_MESSAGE } from '@quizbeam/contracts/themes';
import type { Database } from '@quizbeam/db/database';
import { findTheme } from '@quizbeam/themes/themeCatalog';
import { AppError } from '../../shared/appError';
import { findQuiz, saveQuizContent } from './quizRecords';

type EditingAccount = { id: string; permissions: { proVersion: boolean; extraTemplates: boolean } };

/** Saves the whole quiz as the editor sends it (see `editedQuiz`), over the revision it carries. */
export async function saveQuiz(
  db: Database,
  account: EditingAccount,
  savedBy: string,
  quizId: string,
  incoming: Quiz,
): Promise<Quiz> {
  const quiz = await editedQuiz(db, account, quizId, incoming);
  return saveQuizContent(db, account.id, quiz, savedBy);
}

/** A body that names another quiz than the address is refused: one quiz must never overwrite another. */
export function assertSameQuiz(quizId: string, incoming: Quiz): void {
  if (incoming.id === quizId) return;
  throw new AppError(
    'validation_failed',
    'Invalid request. body/id: does not match the quiz in the address.',
  );
}

/**
 * The quiz as the editor sends it, checked and ready to store. What the editor may not change (id, type,
 * the publishing fields) is kept from the stored quiz; rules that depend on the account are checked here.
 */
export async function editedQuiz(
  db: Database,
  account: EditingAccount,
  quizId: string,
  incoming: Quiz,
): Promise<Quiz> {
  assertSameQuiz(quizId, incoming);
  const stored = await findQuiz(db, account.id, quizId);
  if (incoming.type !== stored.type) {
    throw new AppError('validation_failed', 'Invalid request. body/type: the quiz type cannot be changed.');
  }
  assertThemeAllowed(account, incoming.theme, stored.theme);
  incoming.outcomes.forEach((outcome, index) => {
    if (outcome.descriptions.length > 1 && !account.permissions.proVersion) {
      throw new AppError(
        'validation_failed',
        `Invalid request. body/outcomes/${index}/descriptions: alternate descriptions need the Pro version (at most ${MAX_OUTCOME_DESCRIPTIONS} descriptions).`,
      );
    }
  });
  return {
    ...incoming,
    publishedId: stored.publishedId,
    publishedHost: stored.publishedHost,
    isPublished: stored.isPublished,
  };
}

/**
 * The theme must be in the catalog; an extra theme needs the extraTemplates permission to be chosen. A quiz
 * that already has one (the account lost the permission later) keeps it, so its saves never start failing.
 */
export function assertThemeAllowed(
  account: EditingAccount,
  themeId: string,
  storedThemeId: string | null,
): void {
  const theme = findTheme(themeId);
  if (!theme)
    throw new AppError('validation_failed', `Invalid request. body/theme: ${UNKNOWN_THEME_MESSAGE}`);
  if (theme.isExtra && !account.permissions.extraTemplates && themeId !== storedThemeId) {
    throw new AppError('validation_failed', `Invalid request. body/theme: ${EXTRA_THEME_MESSAGE}`);
  }
}
