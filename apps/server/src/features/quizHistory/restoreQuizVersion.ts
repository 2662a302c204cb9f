import type { Quiz } from '@quizbeam/contracts/quiz';
import type { Database } from '@quizbeam/db/database';
import { saveQuizContent } from '../quizzes/quizRecords';
import { editedQuiz } from '../quizzes/saveQuiz';
import { findQuizVersion } from './quizVersionQueries';

type EditingAccount = Parameters<typeof editedQuiz>[1];

/**
 * Stores an older version's content as the quiz's next revision, over `revision` (the one the editor holds,
 * so a restore over someone's newer save is the same 409 as a save). The version goes through the editor's
 * save rules: the stored quiz keeps its id, type and publishing fields, and what the account may no longer
 * choose is refused. The restore is a version of its own. Returns the quiz as stored.
 */
export async function restoreQuizVersion(
  db: Database,
  account: EditingAccount,
  savedBy: string,
  quizId: string,
  versionId: string,
  revision: number,
): Promise<Quiz> {
  return db.transaction(async (tx) => {
    const version = await findQuizVersion(tx, account.id, quizId, versionId);
    const restored = await editedQuiz(tx, account, quizId, { ...version.quiz, revision });
    return saveQuizContent(tx, account.id, restored, savedBy, 'restore');
  });
}
