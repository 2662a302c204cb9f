import type { Database } from '@quizbeam/db/database';
import { quizzes } from '@quizbeam/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { notFound } from '../../http/appError';

const outcomesSchema = z.array(z.object({ id: z.number(), name: z.string() }).loose()).catch([]);

/** What the Leads view needs of the quiz whose leads it shows. */
export interface LeadsQuiz {
  name: string;
  /** Outcome titles by id, as the quiz has them now. */
  outcomeTitles: Map<number, string>;
}

/** The account's quiz (another account's or an unknown one is a 404), read for its name and outcome titles. */
export async function findLeadsQuiz(db: Database, accountId: string, quizId: string): Promise<LeadsQuiz> {
  const [row] = await db
    .select({ name: quizzes.name, outcomes: sql<unknown>`${quizzes.document}->'outcomes'` })
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.accountId, accountId)));
  if (!row) throw notFound();
  const outcomes = outcomesSchema.parse(row.outcomes);
  return { name: row.name, outcomeTitles: new Map(outcomes.map((outcome) => [outcome.id, outcome.name])) };
}
