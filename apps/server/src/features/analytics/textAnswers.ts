import {
  type AnalyticsTextAnswer,
  LATEST_TEXT_ANSWERS,
  TEXT_ANSWER_PREVIEW_LENGTH,
} from '@quizbeam/contracts/analytics';
import { analyticsVisits } from '@quizbeam/db/analyticsSchema';
import type { Database } from '@quizbeam/db/database';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { addDays, type DayRange } from './analyticsRange';

export interface TextAnswersQuery {
  quizId: string;
  questionId: number;
  range: DayRange;
  version: number | undefined;
  /** Only answers containing it (case-insensitive); blank: every answer. */
  search?: string;
}

/**
 * A text question's latest answers that are not empty, newest first: the text each visit that started in the
 * range gave last, read from analytics_visits through its (quiz, started) index, so the newest come first
 * and the read stops at the limit. A search looks at the whole text; the answer carries its first
 * TEXT_ANSWER_PREVIEW_LENGTH characters.
 */
export async function latestTextAnswers(
  db: Database,
  query: TextAnswersQuery,
): Promise<AnalyticsTextAnswer[]> {
  const text = sql<string>`(${analyticsVisits.answers} -> ${String(query.questionId)}::text ->> 'text')`;
  const search = query.search?.trim() ?? '';
  const conditions: SQL[] = [
    eq(analyticsVisits.quizId, query.quizId),
    gte(analyticsVisits.startedAt, new Date(`${query.range.from}T00:00:00Z`)),
    lt(analyticsVisits.startedAt, new Date(`${addDays(query.range.to, 1)}T00:00:00Z`)),
    sql`${text} <> ''`,
  ];
  if (query.version !== undefined) conditions.push(eq(analyticsVisits.version, query.version));
  if (search !== '') conditions.push(sql`strpos(lower(${text}), lower(${search}::text)) > 0`);
  const rows = await db
    .select({
      text: sql<string>`left(${text}, ${TEXT_ANSWER_PREVIEW_LENGTH}::int)`,
      truncated: sql<boolean>`char_length(${text}) > ${TEXT_ANSWER_PREVIEW_LENGTH}::int`,
      startedAt: analyticsVisits.startedAt,
    })
    .from(analyticsVisits)
    .where(and(...conditions))
    .orderBy(desc(analyticsVisits.startedAt), desc(analyticsVisits.visitId))
    .limit(LATEST_TEXT_ANSWERS);
  return rows.map((row) => ({
    text: row.text,
    truncated: row.truncated,
    startedAt: row.startedAt?.toISOString() ?? '',
  }));
}
