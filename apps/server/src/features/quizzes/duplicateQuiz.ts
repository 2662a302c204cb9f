import { QUIZ_NAME_MAX_LENGTH, type Quiz } from '@quizbeam/contracts/quiz';
import type { Database } from '@quizbeam/db/database';
import { quizScripts } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { newPublishedSlug } from './publishedSlug';
import { findQuiz, insertQuiz } from './quizRecords';

const COPY_PREFIX = 'Copy of ';

/** "Copy of {name}", the name shortened when the whole would pass the quiz name's limit. */
export function copiedQuizName(name: string): string {
  return `${COPY_PREFIX}${name.slice(0, QUIZ_NAME_MAX_LENGTH - COPY_PREFIX.length)}`.trimEnd();
}

/**
 * Copies the account's quiz, as last saved, into the same account: the same document under a new id and
 * a new public path, named "Copy of {name}", unpublished, at revision 0, with no share code, and with the
 * quiz's scripts. Its destinations (integration, HTML form, webhooks, domain) stay, as they belong to the
 * same account. Leads, visitor events, analytics and saved versions stay with the original. The copy counts
 * toward the quizzes limit (403 `quota_exceeded`); another account's or an unknown quiz is a 404. The quiz,
 * its scripts and the limit's count are read and written in one transaction.
 */
export async function duplicateQuiz(db: Database, accountId: string, quizId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const original = await findQuiz(tx, accountId, quizId);
    const scripts = await tx
      .select({ event: quizScripts.event, code: quizScripts.code })
      .from(quizScripts)
      .where(eq(quizScripts.quizId, quizId));
    const copy: Quiz = {
      ...original,
      id: crypto.randomUUID(),
      name: copiedQuizName(original.name),
      revision: 0,
      publishedId: newPublishedSlug(),
      publishedHost: null,
      isPublished: false,
    };
    await insertQuiz(tx, accountId, copy);
    if (scripts.length > 0) {
      await tx.insert(quizScripts).values(scripts.map((script) => ({ ...script, quizId: copy.id })));
    }
    return copy.id;
  });
}
