import type { CategoryScore } from '@quizbeam/contracts/categoryScores';
import type { QuizType } from '@quizbeam/contracts/quiz';
import { urlFieldNamesOf } from '@quizbeam/contracts/quizConstants';
import type { Database } from '@quizbeam/db/database';
import { leads, quizzes } from '@quizbeam/db/schema';
import { outcomeTitleForLead } from '@quizbeam/quiz-engine/labels';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { notFound } from '../../shared/appError';

const outcomesSchema = z.array(z.object({ id: z.number(), name: z.string() }).loose()).catch([]);
/** Absent (or unreadable): the defaults, as for a quiz that never listed its own. */
const urlFieldsSchema = z
  .array(z.object({ name: z.string() }).loose())
  .optional()
  .catch(undefined);

/** What the Leads view needs of the quiz whose leads it shows. */
export interface LeadsQuiz {
  name: string;
  type: QuizType;
  /** Outcome titles by id, as the quiz has them now (shortcodes and all). */
  outcomeTitles: Map<number, string>;
  /** The names of the URL fields the quiz keeps now, in its order. */
  urlFieldNames: string[];
}

/** A lead's outcome as the Leads view and its CSV show it: today's title, shortcodes filled for that lead. */
export function leadOutcomeTitle(
  quiz: LeadsQuiz,
  lead: { outcomeId: number | null; score: number; maxScore: number | null; categories: CategoryScore[] },
): string | null {
  if (lead.outcomeId === null) return null;
  const title = quiz.outcomeTitles.get(lead.outcomeId);
  if (title === undefined) return null;
  return outcomeTitleForLead(title, quiz.type, {
    score: lead.score,
    maxScore: lead.maxScore ?? lead.score,
    categories: lead.categories,
  });
}

/** The most points the version a lead answered allowed, for its [[maxScore]]. */
export const leadMaxScore = sql<number | null>`(
  select snapshot.max_score from published_snapshots snapshot where snapshot.id = ${leads.snapshotId})`;

/** The columns `leadsQuizOf` reads: the quiz's name, type, outcomes and URL fields. */
export const leadsQuizColumns = {
  name: quizzes.name,
  type: quizzes.type,
  outcomes: sql<unknown>`${quizzes.document}->'outcomes'`,
  urlFields: sql<unknown>`${quizzes.document}->'urlFields'`,
};

export function leadsQuizOf(row: {
  name: string;
  type: QuizType;
  outcomes: unknown;
  urlFields: unknown;
}): LeadsQuiz {
  const outcomes = outcomesSchema.parse(row.outcomes);
  return {
    name: row.name,
    type: row.type,
    outcomeTitles: new Map(outcomes.map((outcome) => [outcome.id, outcome.name])),
    urlFieldNames: urlFieldNamesOf({ urlFields: urlFieldsSchema.parse(row.urlFields) }),
  };
}

/** The account's quiz (another account's or an unknown one is a 404), read for its name and outcome titles. */
export async function findLeadsQuiz(db: Database, accountId: string, quizId: string): Promise<LeadsQuiz> {
  const [row] = await db
    .select(leadsQuizColumns)
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.accountId, accountId)));
  if (!row) throw notFound();
  return leadsQuizOf(row);
}
