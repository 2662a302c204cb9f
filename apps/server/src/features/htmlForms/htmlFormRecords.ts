import { htmlFormDataSchema } from '@quizbeam/contracts/htmlFormSettings';
import type { HtmlForm } from '@quizbeam/contracts/htmlForms';
import type { Database } from '@quizbeam/db/database';
import { htmlForms } from '@quizbeam/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';

export const htmlFormColumns = {
  id: htmlForms.id,
  name: htmlForms.name,
  originalMarkup: htmlForms.originalMarkup,
  data: htmlForms.data,
};

export function htmlFormOf(row: {
  id: string;
  name: string;
  originalMarkup: string;
  data: unknown;
}): HtmlForm {
  return { ...row, data: htmlFormDataSchema.parse(row.data) };
}

/** The account's HTML forms by name (case aside), the order the HTML Forms page shows. */
export async function listHtmlForms(db: Database, accountId: string): Promise<HtmlForm[]> {
  const rows = await db
    .select(htmlFormColumns)
    .from(htmlForms)
    .where(eq(htmlForms.accountId, accountId))
    .orderBy(asc(sql`lower(${htmlForms.name})`), asc(htmlForms.id));
  return rows.map(htmlFormOf);
}

/** The account's form with this parsed data, if any. */
export async function htmlFormWithHash(
  db: Database,
  accountId: string,
  dataHash: string,
): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: htmlForms.id, name: htmlForms.name })
    .from(htmlForms)
    .where(and(eq(htmlForms.accountId, accountId), eq(htmlForms.dataHash, dataHash)));
  return row ?? null;
}
