import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { CategoryScore } from '@quizbeam/contracts/categoryScores';
import type { Question, Quiz } from '@quizbeam/contracts/quiz';
import { urlFieldNamesOf } from '@quizbeam/contracts/quizConstants';
import { analyticsVisits, type VisitAnswer } from '@quizbeam/db/analyticsSchema';
import type { Database } from '@quizbeam/db/database';
import { leads, publishedSnapshots } from '@quizbeam/db/schema';
import { answerLabels, outcomeTitleForLead, questionLabel } from '@quizbeam/quiz-engine/labels';
import { sortByRank } from '@quizbeam/quiz-engine/ranks';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { addDays, type DayRange } from './analyticsRange';
import { NO_OUTCOME_TITLE } from './analyticsResult';
import { CsvCategoryScores } from './csvCategoryScores';
import { answerCell, categoryCell, inertText } from './responseCells';

/** Visits read per query: memory stays the same whatever the number of visits. */
export const ANALYTICS_CSV_PAGE_SIZE = 1000;

const COLUMNS_BEFORE_QUESTIONS = ['Time (UTC)', 'Version'];
const RESULT_COLUMNS = ['Outcome', 'Score'];
const COLUMNS_AFTER_CATEGORIES = ['Lead Email', 'Lead Name', 'UTM Source', 'UTM Campaign'];
/** URL fields the UTM columns already show. */
const UTM_COLUMN_FIELDS = new Set(['utm_source', 'utm_campaign']);

type CsvRow = (string | number)[];

/** Where the previous page ended: the start time with PostgreSQL's microseconds, and the visit. */
interface VisitPosition {
  time: string;
  visitId: string;
}

interface VisitRow {
  visitId: string;
  position: string;
  version: number;
  completedAt: Date | null;
  outcomeId: number | null;
  score: number | null;
  utmSource: string | null;
  utmCampaign: string | null;
  urlFields: Record<string, string>;
  answers: Record<string, VisitAnswer>;
  leadEmail: string | null;
  leadName: string | null;
  /** The category scores stored with the lead (CategoryScore[]); null without a lead. */
  leadCategoryScores: unknown;
}

/** The URL fields with a column of their own: those the quiz lists now, in its order, but the UTM columns'. */
export function csvUrlFieldNames(quiz: Quiz): string[] {
  return urlFieldNamesOf(quiz).filter((name) => !UTM_COLUMN_FIELDS.has(name));
}

/**
 * The header: the questions the quiz has now, in its order, by their text; then its categories; after the
 * UTM columns, its other URL fields by name.
 */
export function analyticsCsvHeader(quiz: Quiz, scores: CsvCategoryScores): string[] {
  return [
    ...COLUMNS_BEFORE_QUESTIONS,
    ...sortByRank(quiz.questions).map((question) => inertText(questionLabel(question))),
    ...RESULT_COLUMNS,
    ...scores.categories.map((category) => inertText(`Category: ${category.name}`)),
    ...COLUMNS_AFTER_CATEGORIES,
    ...csvUrlFieldNames(quiz).map((name) => inertText(name)),
  ];
}

const startedPosition = sql<string>`to_char(${analyticsVisits.startedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A page of the quiz's started visits after a position, in start order, with their answers and lead. One
 * prepared statement for every page (the first starts after the range's first instant), planned once per
 * connection: PostgreSQL then spends its time reading rows, not planning them.
 */
function preparedVisitPage(db: Database) {
  const time = sql`${sql.placeholder('afterTime')}::timestamptz`;
  const version = sql`${sql.placeholder('version')}::int`;
  return db
    .select({
      visitId: analyticsVisits.visitId,
      position: startedPosition,
      version: analyticsVisits.version,
      completedAt: analyticsVisits.completedAt,
      outcomeId: analyticsVisits.outcomeId,
      score: analyticsVisits.score,
      utmSource: analyticsVisits.utmSource,
      utmCampaign: analyticsVisits.utmCampaign,
      urlFields: analyticsVisits.urlFields,
      answers: analyticsVisits.answers,
      leadEmail: leads.email,
      leadName: leads.name,
      leadCategoryScores: leads.categoryScores,
    })
    .from(analyticsVisits)
    .leftJoin(
      leads,
      and(eq(leads.quizId, analyticsVisits.quizId), eq(leads.visitId, analyticsVisits.visitId)),
    )
    .where(
      and(
        eq(analyticsVisits.quizId, sql`${sql.placeholder('quizId')}::uuid`),
        lt(analyticsVisits.startedAt, sql`${sql.placeholder('before')}::timestamptz`),
        // The plain bound finds the start in analytics_visits_quiz_started_idx; the row comparison
        // settles visits that started in the same microsecond.
        gte(analyticsVisits.startedAt, time),
        sql`(${analyticsVisits.startedAt}, ${analyticsVisits.visitId}) > (${time}, ${sql.placeholder('afterVisitId')})`,
        sql`(${version} is null or ${analyticsVisits.version} = ${version})`,
      ),
    )
    .orderBy(asc(analyticsVisits.startedAt), asc(analyticsVisits.visitId))
    .limit(ANALYTICS_CSV_PAGE_SIZE)
    .prepare('analytics_csv_visit_page');
}

/**
 * What a row shows of the quiz as it is now: its questions in order, answer labels, outcome titles, its
 * categories' scores; and each published version's most points, for a title's [[maxScore]].
 */
interface QuizTexts {
  quizType: Quiz['type'];
  questions: Question[];
  answerLabels: Map<number, string>;
  outcomeTitles: Map<number, string>;
  categoryScores: CsvCategoryScores;
  maxScoreByVersion: Map<number, number>;
  urlFieldNames: string[];
}

async function quizTexts(db: Database, quiz: Quiz): Promise<QuizTexts> {
  const questions = sortByRank(quiz.questions);
  const versions = await db
    .select({ version: publishedSnapshots.version, maxScore: publishedSnapshots.maxScore })
    .from(publishedSnapshots)
    .where(eq(publishedSnapshots.quizId, quiz.id));
  return {
    quizType: quiz.type,
    questions,
    answerLabels: new Map(questions.flatMap((question) => [...answerLabels(question)])),
    outcomeTitles: new Map(quiz.outcomes.map((outcome) => [outcome.id, outcome.name])),
    categoryScores: new CsvCategoryScores(db, quiz),
    maxScoreByVersion: new Map(
      versions.flatMap(({ version, maxScore }) => (maxScore === null ? [] : [[version, maxScore] as const])),
    ),
    urlFieldNames: csvUrlFieldNames(quiz),
  };
}

/** A visit's outcome as its row shows it: shortcodes filled with the visit's own score and categories. */
function outcomeOfVisit(visit: VisitRow, texts: QuizTexts, categories: CategoryScore[]): string {
  if (visit.outcomeId === null) return NO_OUTCOME_TITLE;
  const title = texts.outcomeTitles.get(visit.outcomeId) ?? '';
  const score = visit.score ?? 0;
  const maxScore = texts.maxScoreByVersion.get(visit.version) ?? score;
  return outcomeTitleForLead(title, texts.quizType, { score, maxScore, categories });
}

/** A URL field's value on the visit, '' without one (a name such as `constructor` reads only its own). */
function urlFieldCell(visit: VisitRow, name: string): string {
  const fields = visit.urlFields ?? {};
  const value: unknown = Object.hasOwn(fields, name) ? fields[name] : undefined;
  return typeof value === 'string' ? inertText(value) : '';
}

/**
 * A visit's row: the answers it gave to the questions the quiz still has, its result and category scores,
 * lead, UTM and other URL fields.
 */
function csvRowOf(visit: VisitRow, texts: QuizTexts): CsvRow {
  const answers = visit.answers ?? {};
  const completed = visit.completedAt !== null;
  const categoryScores = texts.categoryScores.of(visit);
  return [
    visit.position.slice(0, 19).replace('T', ' '),
    visit.version,
    ...texts.questions.map((question) =>
      answerCell(question, texts.answerLabels, answers[String(question.id)]),
    ),
    completed ? inertText(outcomeOfVisit(visit, texts, [...categoryScores.values()])) : '',
    completed && visit.score !== null ? visit.score : '',
    ...texts.categoryScores.categories.map((category) => categoryCell(categoryScores.get(category.id))),
    inertText(visit.leadEmail),
    inertText(visit.leadName),
    inertText(visit.utmSource),
    inertText(visit.utmCampaign),
    ...texts.urlFieldNames.map((name) => urlFieldCell(visit, name)),
  ];
}

/** Rows as CSV text (Windows line ends, as spreadsheets expect). */
const csvText = (rows: CsvRow[], options: { bom?: boolean } = {}) =>
  stringify(rows, { record_delimiter: 'windows', ...options });

/*
 * One chunk of text per page rather than one per row: a stream (and a compressor behind it) handles a few
 * hundred large chunks far faster than a million small ones.
 */
async function* csvChunks(
  db: Database,
  quiz: Quiz,
  range: DayRange,
  version: number | undefined,
): AsyncGenerator<string> {
  const texts = await quizTexts(db, quiz);
  yield csvText([analyticsCsvHeader(quiz, texts.categoryScores)], { bom: true });
  const page = preparedVisitPage(db);
  const readPage = async (after: VisitPosition): Promise<VisitRow[]> =>
    await page.execute({
      quizId: quiz.id,
      before: `${addDays(range.to, 1)}T00:00:00Z`,
      afterTime: after.time,
      afterVisitId: after.visitId,
      version: version ?? null,
    });
  let next: Promise<VisitRow[]> | null = readPage({ time: `${range.from}T00:00:00Z`, visitId: '' });
  while (next) {
    const visits: VisitRow[] = await next;
    const last = visits.at(-1);
    // The next page is read while this one is written out: the database and the formatting overlap.
    next =
      visits.length === ANALYTICS_CSV_PAGE_SIZE && last
        ? readPage({ time: last.position, visitId: last.visitId })
        : null;
    // A reader that leaves early never awaits it; its failure then has nowhere to go.
    next?.catch(() => {});
    await texts.categoryScores.prepare(visits);
    yield csvText(visits.map((visit) => csvRowOf(visit, texts)));
  }
}

/**
 * The quiz's responses as CSV (UTF-8 with a byte order mark, which Excel needs to read UTF-8): one row
 * per visit that started in the range, in the order they started, read a page at a time as the reader
 * takes it. A failure midway ends the stream with the error.
 */
export function analyticsCsvStream(
  db: Database,
  quiz: Quiz,
  range: DayRange,
  version: number | undefined,
  onError: (error: unknown) => void,
): Readable {
  const csv = new PassThrough();
  pipeline(Readable.from(csvChunks(db, quiz, range, version)), csv).catch(onError);
  return csv;
}

/** `attachment` with the quiz's name, ASCII for old clients and UTF-8 (RFC 6266) for the rest. */
export function analyticsCsvDisposition(quizName: string): string {
  const base = `${quizName.trim() || 'Quiz'} responses`;
  const ascii = base.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(`${base}.csv`).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}.csv"; filename*=UTF-8''${encoded}`;
}
