import type { Database } from '@quizbeam/db/database';
import { quizzes } from '@quizbeam/db/schema';
import { and, asc, eq, or, sql } from 'drizzle-orm';

type Executor = Pick<Database, 'select'>;

/**
 * The names of the account's quizzes that send leads to the form: the quiz's own lead capture settings,
 * or any outcome's (Segment by Outcome). JSONB containment, so a quiz's document is not read into memory.
 */
export async function quizzesUsingHtmlForm(
  db: Executor,
  accountId: string,
  formId: string,
): Promise<string[]> {
  const htmlFormSettings = { leadCaptureSettings: { htmlFormSettings: { htmlFormId: formId } } };
  const rows = await db
    .select({ name: quizzes.name })
    .from(quizzes)
    .where(
      and(
        eq(quizzes.accountId, accountId),
        or(
          sql`${quizzes.document} @> ${JSON.stringify(htmlFormSettings)}::jsonb`,
          sql`${quizzes.document} @> ${JSON.stringify({ outcomes: [htmlFormSettings] })}::jsonb`,
        ),
      ),
    )
    .orderBy(asc(sql`lower(${quizzes.name})`), asc(quizzes.id));
  return rows.map((row) => row.name);
}
