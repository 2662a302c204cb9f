import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LEADS_CSV_COLUMNS } from '@quizbeam/contracts/leads';
import type { Database } from '@quizbeam/db/database';
import { leads } from '@quizbeam/db/schema';
import { stringify } from 'csv-stringify';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { storedCategoryScores } from '../delivery/deliveredAnswers';
import { type LeadAnswerColumns, leadAnswerColumns } from './leadAnswerColumns';
import type { LeadPosition } from './leadCursor';
import { leadPositionTime, olderThan } from './leadKeyset';
import { type CsvRow, inertText } from './leadsCsvCells';
import { type LeadsQuiz, leadMaxScore, leadOutcomeTitle } from './leadsQuiz';

/** Rows read per query: memory stays the same whatever the number of leads. */
export const LEADS_CSV_PAGE_SIZE = 500;

export { type CsvRow, inertText } from './leadsCsvCells';

/** "2026-11-23 23:10:55": what spreadsheets read as a date and time. */
const spreadsheetTime = (time: Date) => time.toISOString().slice(0, 19).replace('T', ' ');

/**
 * The quiz's leads as Leads CSV rows, newest first, read a page at a time (keyset over quiz and time): the
 * fixed columns, then `answerColumns` when given.
 */
export async function* leadCsvRows(
  db: Database,
  quizId: string,
  quiz: LeadsQuiz,
  answerColumns?: LeadAnswerColumns,
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
        utm: sql<Record<string, string | undefined>>`${leads.urlFields}`,
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
      yield [
        inertText(lead.email),
        inertText(lead.name),
        inertText(outcome),
        lead.score,
        spreadsheetTime(lead.createdAt),
        inertText(lead.utm.utm_source),
        inertText(lead.utm.utm_medium),
        inertText(lead.utm.utm_campaign),
        inertText(lead.utm.utm_term),
        inertText(lead.utm.utm_content),
        lead.consent ? 'Yes' : 'No',
        inertText(lead.consentText),
        inertText(lead.deliveries),
        ...(answerColumns?.cellsOf(lead) ?? []),
      ];
    }
    const last = page.at(-1);
    if (page.length < LEADS_CSV_PAGE_SIZE || !last) return;
    after = { time: last.position, id: last.id };
  }
}

/** The header row (the fixed columns, then the quiz's answer columns), then every lead's row. */
async function* quizLeadsCsvRecords(db: Database, quizId: string, quiz: LeadsQuiz): AsyncGenerator<CsvRow> {
  const answerColumns = await leadAnswerColumns(db, quizId);
  yield [...LEADS_CSV_COLUMNS, ...answerColumns.headers];
  yield* leadCsvRows(db, quizId, quiz, answerColumns);
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
