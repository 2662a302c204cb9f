import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { leadsCsvColumnsWith } from '@quizbeam/contracts/leads';
import type { Database } from '@quizbeam/db/database';
import { leads } from '@quizbeam/db/schema';
import { stringify } from 'csv-stringify';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { storedCategoryScores } from '../delivery/deliveredAnswers';
import { storedUrlFields, UTM_URL_FIELDS } from '../delivery/deliveredUrlFields';
import { type LeadWithAnswers, leadAnswerColumns } from './leadAnswerColumns';
import type { LeadPosition } from './leadCursor';
import { leadPositionTime, olderThan } from './leadKeyset';
import { type CsvRow, inertText } from './leadsCsvCells';
import { type LeadsQuiz, leadMaxScore, leadOutcomeTitle } from './leadsQuiz';
import { leadUrlFieldColumns } from './leadUrlFieldColumns';

/** Rows read per query: memory stays the same whatever the number of leads. */
export const LEADS_CSV_PAGE_SIZE = 500;

export { type CsvRow, inertText } from './leadsCsvCells';

/** "2026-11-23 23:10:55": what spreadsheets read as a date and time. */
const spreadsheetTime = (time: Date) => time.toISOString().slice(0, 19).replace('T', ' ');

/** What a lead row holds that the columns beside the fixed ones read. */
export interface LeadCsvSource extends LeadWithAnswers {
  urlFields: unknown;
}

/** Columns beside the fixed ones: their headers, and each lead's cells. */
export interface LeadCsvColumns {
  headers: string[];
  cellsOf(lead: LeadCsvSource): CsvRow;
}

/** What the Leads CSV adds to its fixed columns: other URL fields after the UTM ones, the rest at the end. */
export interface LeadCsvExtraColumns {
  urlFields?: LeadCsvColumns;
  after?: readonly LeadCsvColumns[];
}

/**
 * The quiz's leads as Leads CSV rows, newest first, read a page at a time (keyset over quiz and time): the
 * fixed columns with `extra.urlFields`' cells after the UTM ones, then each of `extra.after`'s cells.
 */
export async function* leadCsvRows(
  db: Database,
  quizId: string,
  quiz: LeadsQuiz,
  extra: LeadCsvExtraColumns = {},
): AsyncGenerator<CsvRow> {
  let after: LeadPosition | null = null;
  for (;;) {
    const conditions: SQL[] = [eq(leads.quizId, quizId)];
    if (after) conditions.push(olderThan(after));
    const page = await db
      .select({
        id: leads.id,
        position: leadPositionTime,
        email: leads.email,
        name: leads.name,
        outcomeId: leads.outcomeId,
        score: leads.score,
        maxScore: leadMaxScore,
        snapshotId: leads.snapshotId,
        answers: leads.answers,
        categoryScores: leads.categoryScores,
        fields: leads.fields,
        createdAt: leads.createdAt,
        urlFields: leads.urlFields,
        consent: leads.consent,
        consentText: leads.consentText,
        // Written out: drizzle leaves the columns of a one-table select unqualified, even in a subquery.
        deliveries: sql<string | null>`(
          select string_agg(delivery.destination_name || ': ' || delivery.state, '; '
            order by delivery.created_at, delivery.destination_name, delivery.id)
          from lead_deliveries delivery where delivery.lead_id = leads.id)`,
      })
      .from(leads)
      .where(and(...conditions))
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(LEADS_CSV_PAGE_SIZE);
    for (const lead of page) {
      const outcome = leadOutcomeTitle(quiz, {
        ...lead,
        categories: storedCategoryScores(lead.categoryScores),
      });
      const utm = storedUrlFields(lead.urlFields);
      yield [
        inertText(lead.email),
        inertText(lead.name),
        inertText(outcome),
        lead.score,
        spreadsheetTime(lead.createdAt),
        ...UTM_URL_FIELDS.map((name) => inertText(utm[name])),
        ...(extra.urlFields?.cellsOf(lead) ?? []),
        lead.consent ? 'Yes' : 'No',
        inertText(lead.consentText),
        inertText(lead.deliveries),
        ...(extra.after ?? []).flatMap((columns) => columns.cellsOf(lead)),
      ];
    }
    const last = page.at(-1);
    if (page.length < LEADS_CSV_PAGE_SIZE || !last) return;
    after = { time: last.position, id: last.id };
  }
}

/**
 * The header row (the fixed columns with the quiz's other URL field columns after the UTM ones, then its
 * answer columns), then every lead's row.
 */
async function* quizLeadsCsvRecords(db: Database, quizId: string, quiz: LeadsQuiz): AsyncGenerator<CsvRow> {
  const urlFields = await leadUrlFieldColumns(db, quizId, quiz.urlFieldNames);
  const answers = await leadAnswerColumns(db, quizId);
  yield [...leadsCsvColumnsWith(urlFields.headers), ...answers.headers];
  yield* leadCsvRows(db, quizId, quiz, { urlFields, after: [answers] });
}

/**
 * The quiz's leads as CSV (UTF-8 with a byte order mark, which Excel needs to read UTF-8), newest first,
 * read a page at a time as the reader takes it. A failure midway ends the stream with the error.
 */
export function leadsCsvStream(
  db: Database,
  quizId: string,
  quiz: LeadsQuiz,
  onError: (error: unknown) => void,
): Readable {
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  pipeline(Readable.from(quizLeadsCsvRecords(db, quizId, quiz)), csv).catch(onError);
  return csv;
}

/** `attachment` with the quiz's name, ASCII for old clients and UTF-8 (RFC 6266) for the rest. */
export function leadsCsvDisposition(quizName: string): string {
  const base = `${quizName.trim() || 'Quiz'} leads`;
  const ascii = base.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${ascii}.csv"; filename*=UTF-8''${encodeURIComponent(`${base}.csv`).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
