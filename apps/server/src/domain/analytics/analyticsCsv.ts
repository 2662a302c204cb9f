import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { analyticsVisits } from '@quizbeam/db/analyticsSchema';
import type { Database } from '@quizbeam/db/database';
import { leads } from '@quizbeam/db/schema';
import { sortByRank } from '@quizbeam/quiz-engine/ranks';
import { stringify } from 'csv-stringify';
import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { addDays, type DayRange } from './analyticsRange';
import { NO_OUTCOME_TITLE } from './analyticsResult';

/** Visits read per query: memory stays the same whatever the number of visits. */
export const ANALYTICS_CSV_PAGE_SIZE = 1000;

const COLUMNS_BEFORE_QUESTIONS = ['Time (UTC)', 'Version'];
const COLUMNS_AFTER_QUESTIONS = ['Outcome', 'Score', 'Lead Email', 'Lead Name', 'UTM Source', 'UTM Campaign'];

type CsvRow = (string | number)[];

/** Where the previous page ended: the start time with PostgreSQL's microseconds, and the visit. */
interface VisitPosition {
  time: string;
  visitId: string;
}

/*
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first) gets a
 * leading apostrophe: answers, names and UTM values come from visitors or marketers (OWASP's advice).
 */
function inertText(value: string | null | undefined): string {
  if (!value) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The header: the questions the quiz has now, in its order, by their text. */
export function analyticsCsvHeader(quiz: Quiz): string[] {
  return [
    ...COLUMNS_BEFORE_QUESTIONS,
    ...sortByRank(quiz.questions).map((question) => inertText(question.text)),
    ...COLUMNS_AFTER_QUESTIONS,
  ];
}

const startedPosition = sql<string>`to_char(${analyticsVisits.startedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
// Written out: a correlated subquery, read through the visit's primary key.
const answerPairs = sql<string | null>`(
  select string_agg(answer.question_id || ':' || answer.answer_id, ',')
  from analytics_visit_answers answer
  where answer.quiz_id = ${analyticsVisits.quizId} and answer.visit_id = ${analyticsVisits.visitId})`;

function startedAfter(position: VisitPosition): SQL {
  const time = sql`${position.time}::timestamptz`;
  return sql`(${analyticsVisits.startedAt} >= ${time} and (${analyticsVisits.startedAt}, ${analyticsVisits.visitId}) > (${time}, ${position.visitId}))`;
}

async function* csvRows(
  db: Database,
  quiz: Quiz,
  range: DayRange,
  version: number | undefined,
): AsyncGenerator<CsvRow> {
  const questions = sortByRank(quiz.questions);
  const answerTexts = new Map(
    questions.flatMap((question) => question.answers.map((answer) => [answer.id, answer.text] as const)),
  );
  const outcomeTitles = new Map(quiz.outcomes.map((outcome) => [outcome.id, outcome.name]));
  yield analyticsCsvHeader(quiz);
  const rangeConditions: SQL[] = [
    eq(analyticsVisits.quizId, quiz.id),
    gte(analyticsVisits.startedAt, new Date(`${range.from}T00:00:00Z`)),
    lt(analyticsVisits.startedAt, new Date(`${addDays(range.to, 1)}T00:00:00Z`)),
  ];
  if (version !== undefined) rangeConditions.push(eq(analyticsVisits.version, version));
  let after: VisitPosition | null = null;
  for (;;) {
    const page = await db
      .select({
        visitId: analyticsVisits.visitId,
        position: startedPosition,
        version: analyticsVisits.version,
        completedAt: analyticsVisits.completedAt,
        outcomeId: analyticsVisits.outcomeId,
        score: analyticsVisits.score,
        utmSource: analyticsVisits.utmSource,
        utmCampaign: analyticsVisits.utmCampaign,
        answers: answerPairs,
        leadEmail: leads.email,
        leadName: leads.name,
      })
      .from(analyticsVisits)
      .leftJoin(
        leads,
        and(eq(leads.quizId, analyticsVisits.quizId), eq(leads.visitId, analyticsVisits.visitId)),
      )
      .where(and(...rangeConditions, ...(after ? [startedAfter(after)] : [])))
      .orderBy(asc(analyticsVisits.startedAt), asc(analyticsVisits.visitId))
      .limit(ANALYTICS_CSV_PAGE_SIZE);
    for (const visit of page) {
      const answerByQuestion = new Map<number, number>();
      for (const pair of visit.answers?.split(',') ?? []) {
        const [questionId, answerId] = pair.split(':').map(Number);
        if (questionId !== undefined && answerId !== undefined) answerByQuestion.set(questionId, answerId);
      }
      const completed = visit.completedAt !== null;
      const outcome =
        visit.outcomeId === null ? NO_OUTCOME_TITLE : (outcomeTitles.get(visit.outcomeId) ?? '');
      yield [
        visit.position.slice(0, 19).replace('T', ' '),
        visit.version,
        ...questions.map((question) => {
          const answerId = answerByQuestion.get(question.id);
          return inertText(answerId === undefined ? '' : answerTexts.get(answerId));
        }),
        completed ? inertText(outcome) : '',
        completed && visit.score !== null ? visit.score : '',
        inertText(visit.leadEmail),
        inertText(visit.leadName),
        inertText(visit.utmSource),
        inertText(visit.utmCampaign),
      ];
    }
    const last = page.at(-1);
    if (page.length < ANALYTICS_CSV_PAGE_SIZE || !last) return;
    after = { time: last.position, visitId: last.visitId };
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
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  pipeline(Readable.from(csvRows(db, quiz, range, version)), csv).catch(onError);
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
