import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LEADS_CSV_COLUMNS } from '@quizbeam/contracts/leads';
import type { Database } from '@quizbeam/db/database';
import { quizzes } from '@quizbeam/db/schema';
import { stringify } from 'csv-stringify';
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import { isUtmUrlField, orderedUrlFields, storedUrlFields } from '../../delivery/deliveredUrlFields';
import { type CsvRow, inertText, type LeadCsvColumns, leadCsvRows } from '../../leads/leadsCsv';
import { type LeadsQuiz, leadsQuizColumns, leadsQuizOf } from '../../leads/leadsQuiz';

const QUIZ_PAGE_SIZE = 100;

/**
 * The Leads CSV's fixed columns, after the name of the quiz each lead came from; then the lead's other URL
 * fields (beside the five UTM ones) in one column, as an address writes them: `gclid=EAIa&ref=partner7`.
 */
export const ACCOUNT_LEADS_CSV_COLUMNS = ['Quiz', ...LEADS_CSV_COLUMNS, 'URL Fields'] as const;

/** The lead's URL fields other than the UTM ones, in the quiz's order, as an address's query. */
const otherUrlFieldsColumn = (quiz: LeadsQuiz): LeadCsvColumns => ({
  headers: ['URL Fields'],
  cellsOf(lead) {
    const values = orderedUrlFields(storedUrlFields(lead.urlFields), quiz.urlFieldNames);
    const others = Object.entries(values).filter(([name]) => !isUtmUrlField(name));
    return [inertText(new URLSearchParams(others).toString())];
  },
});

interface AccountLeadsQuiz extends LeadsQuiz {
  id: string;
}

/** The account's quizzes with their type and outcome titles, in id order, a page at a time. */
async function* leadsQuizzes(db: Database, accountId: string): AsyncGenerator<AccountLeadsQuiz> {
  let after: string | null = null;
  for (;;) {
    const conditions: SQL[] = [eq(quizzes.accountId, accountId)];
    if (after) conditions.push(gt(quizzes.id, after));
    const page = await db
      .select({ id: quizzes.id, ...leadsQuizColumns })
      .from(quizzes)
      .where(and(...conditions))
      .orderBy(asc(quizzes.id))
      .limit(QUIZ_PAGE_SIZE);
    for (const row of page) yield { id: row.id, ...leadsQuizOf(row) };
    const last = page.at(-1);
    if (page.length < QUIZ_PAGE_SIZE || !last) return;
    after = last.id;
  }
}

/** Every lead of the account as a Leads CSV row after its quiz's name. */
async function* accountLeadRows(db: Database, accountId: string): AsyncGenerator<CsvRow> {
  for await (const quiz of leadsQuizzes(db, accountId)) {
    const quizName = inertText(quiz.name);
    for await (const row of leadCsvRows(db, quiz.id, quiz, { after: [otherUrlFieldsColumn(quiz)] })) {
      yield [quizName, ...row];
    }
  }
}

/**
 * `leads.csv`: every lead of the account, quiz by quiz (in id order), each quiz's newest first; UTF-8 with a
 * byte order mark, read a page at a time as the reader takes it. A failure midway ends the stream with it.
 */
export function accountLeadsCsvStream(db: Database, accountId: string): Readable {
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...ACCOUNT_LEADS_CSV_COLUMNS],
    record_delimiter: 'windows',
  });
  pipeline(Readable.from(accountLeadRows(db, accountId)), csv).catch(() => {
    // pipeline has already destroyed `csv` with the error; whoever reads it sees it there.
  });
  return csv;
}
