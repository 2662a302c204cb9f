import type { Database } from '@quizbeam/db/database';
import { accounts, quizzes, users } from '@quizbeam/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import { notFound } from '../../shared/appError';

/** Zapier's connection label: the account's name and its first user's email. */
export async function zapierAccountLabel(
  db: Database,
  accountId: string,
): Promise<{ id: string; name: string; email: string }> {
  const [row] = await db
    .select({ id: accounts.id, name: accounts.name, email: users.email })
    .from(accounts)
    .innerJoin(users, eq(users.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The account's quizzes by name, for the trigger's dropdown. */
export async function zapierQuizzes(
  db: Database,
  accountId: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: quizzes.id, name: quizzes.name })
    .from(quizzes)
    .where(eq(quizzes.accountId, accountId))
    .orderBy(asc(sql`lower(${quizzes.name})`), asc(quizzes.createdAt));
}
