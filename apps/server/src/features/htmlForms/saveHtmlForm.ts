import { type HtmlForm, htmlFormDuplicateText } from '@quizbeam/contracts/htmlForms';
import type { Database } from '@quizbeam/db/database';
import { htmlForms } from '@quizbeam/db/schema';
import { and, eq } from 'drizzle-orm';
import { AppError, notFound } from '../../shared/appError';
import { htmlFormDataHash } from './htmlFormHash';
import { htmlFormColumns, htmlFormOf, htmlFormWithHash } from './htmlFormRecords';
import { parseHtmlForm } from './parseHtmlForm';

export interface HtmlFormInput {
  name: string;
  originalMarkup: string;
}

const duplicateOf = (name: string) => new AppError('duplicate', htmlFormDuplicateText(name));
/** The unique index refused the row, yet its twin is gone by the time we look: a race with a delete. */
const savedMeanwhile = () =>
  new AppError('conflict', 'Another change to your forms happened at the same moment. Please save again.');

/** The account's other form with the same parsed data as a refusal, or null when there is none. */
async function duplicateRefusal(
  db: Database,
  accountId: string,
  dataHash: string,
  ownId: string | null,
): Promise<AppError | null> {
  const existing = await htmlFormWithHash(db, accountId, dataHash);
  return existing && existing.id !== ownId ? duplicateOf(existing.name) : null;
}

/**
 * Adds a form from its markup, parsed here whatever data the caller sent. Markup without a usable form is a
 * 400 on the markup; the same parsed data as another of the account's forms is a 409 `duplicate`.
 */
export async function createHtmlForm(
  db: Database,
  accountId: string,
  input: HtmlFormInput,
): Promise<HtmlForm> {
  const data = parseHtmlForm(input.originalMarkup);
  const dataHash = htmlFormDataHash(data);
  const [inserted] = await db
    .insert(htmlForms)
    .values({
      id: crypto.randomUUID(),
      accountId,
      name: input.name,
      originalMarkup: input.originalMarkup,
      data,
      dataHash,
    })
    .onConflictDoNothing({ target: [htmlForms.accountId, htmlForms.dataHash] })
    .returning(htmlFormColumns);
  if (inserted) return htmlFormOf(inserted);
  throw (await duplicateRefusal(db, accountId, dataHash, null)) ?? savedMeanwhile();
}

/** Changes the account's form in place (same id); another account's or an unknown id is a 404. */
export async function updateHtmlForm(
  db: Database,
  accountId: string,
  formId: string,
  input: HtmlFormInput,
): Promise<HtmlForm> {
  // Another account's or an unknown form is a 404 whatever the body says, so no answer tells about it.
  const [own] = await db
    .select({ id: htmlForms.id })
    .from(htmlForms)
    .where(and(eq(htmlForms.id, formId), eq(htmlForms.accountId, accountId)));
  if (!own) throw notFound();
  const data = parseHtmlForm(input.originalMarkup);
  const dataHash = htmlFormDataHash(data);
  const refusal = await duplicateRefusal(db, accountId, dataHash, formId);
  if (refusal) throw refusal;
  let updated: HtmlForm | undefined;
  try {
    [updated] = (
      await db
        .update(htmlForms)
        .set({
          name: input.name,
          originalMarkup: input.originalMarkup,
          data,
          dataHash,
          updatedAt: new Date(),
        })
        .where(and(eq(htmlForms.id, formId), eq(htmlForms.accountId, accountId)))
        .returning(htmlFormColumns)
    ).map(htmlFormOf);
  } catch (error) {
    // Another save made the same form in the meantime: the unique index refused this one.
    throw (await duplicateRefusal(db, accountId, dataHash, formId)) ?? error;
  }
  if (!updated) throw notFound();
  return updated;
}
