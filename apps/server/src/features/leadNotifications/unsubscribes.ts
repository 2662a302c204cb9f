import type { Database } from '@quizbeam/db/database';
import { leadNotificationUnsubscribes } from '@quizbeam/db/measurementSchema';
import { quizzes } from '@quizbeam/db/schema';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { notFound } from '../../shared/appError';
import { ownQuiz } from '../quizzes/quizRecords';
import { quizOfUnsubscribeToken, readUnsubscribeToken, type UnsubscribeSubject } from './unsubscribeToken';

/** The addresses that unsubscribed from a quiz's new-lead emails. */
export async function unsubscribedEmails(db: Database, quizId: string): Promise<Set<string>> {
  const rows = await db
    .select({ email: leadNotificationUnsubscribes.email })
    .from(leadNotificationUnsubscribes)
    .where(eq(leadNotificationUnsubscribes.quizId, quizId));
  return new Set(rows.map((row) => row.email));
}

const recipientsIn = (document: SQL) => sql`jsonb_array_elements_text(
  case when jsonb_typeof(${document}->'leadNotifications'->'recipients') = 'array'
    then ${document}->'leadNotifications'->'recipients' else '[]'::jsonb end)`;

/**
 * Every address the quiz's emails may have gone to: the saved quiz's recipients, every published version's
 * (a lead's email goes to the version's list), and those that unsubscribed already.
 */
export async function knownRecipients(db: Database, quizId: string): Promise<string[]> {
  const result = await db.execute(sql`
    select ${recipientsIn(sql`q.document`)} as email from quizzes q where q.id = ${quizId}::uuid
    union
    select ${recipientsIn(sql`s.document`)} from published_snapshots s where s.quiz_id = ${quizId}::uuid
    union
    select u.email from lead_notification_unsubscribes u where u.quiz_id = ${quizId}::uuid`);
  return z
    .object({ rows: z.array(z.object({ email: z.string() })) })
    .parse(result)
    .rows.map((row) => row.email);
}

/** The quiz and address an unsubscribe link names, or null when it names none (forged, or the quiz is gone). */
export async function subjectOfUnsubscribeToken(
  db: Database,
  secret: string,
  token: string,
): Promise<UnsubscribeSubject | null> {
  const quizId = quizOfUnsubscribeToken(token);
  if (quizId === null) return null;
  return readUnsubscribeToken(secret, token, await knownRecipients(db, quizId));
}

/** What an unsubscribe link's page needs: the quiz's name now, and whether the address is off already. */
export async function unsubscribeState(
  db: Database,
  { quizId, email }: UnsubscribeSubject,
): Promise<{ quizName: string; unsubscribed: boolean } | null> {
  const [row] = await db
    .select({
      quizName: quizzes.name,
      unsubscribed: sql<boolean>`exists (select 1 from ${leadNotificationUnsubscribes}
        where ${leadNotificationUnsubscribes.quizId} = ${quizzes.id} and ${leadNotificationUnsubscribes.email} = ${email})`,
    })
    .from(quizzes)
    .where(eq(quizzes.id, quizId));
  return row ?? null;
}

/**
 * Takes the address off the quiz's new-lead emails; once is enough, again changes nothing. Answers the quiz's
 * name, or null when the quiz no longer exists.
 */
export async function unsubscribe(
  db: Database,
  { quizId, email }: UnsubscribeSubject,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [quiz] = await tx
      .select({ name: quizzes.name })
      .from(quizzes)
      .where(eq(quizzes.id, quizId))
      .for('key share');
    if (!quiz) return null;
    await tx.insert(leadNotificationUnsubscribes).values({ quizId, email }).onConflictDoNothing();
    return quiz.name;
  });
}

async function assertOwnQuiz(db: Database, accountId: string, quizId: string): Promise<void> {
  const [quiz] = await db.select({ id: quizzes.id }).from(quizzes).where(ownQuiz(accountId, quizId));
  if (!quiz) throw notFound();
}

/** The account's quiz's unsubscribed addresses, alphabetically; another account's quiz is a 404. */
export async function listUnsubscribed(db: Database, accountId: string, quizId: string): Promise<string[]> {
  await assertOwnQuiz(db, accountId, quizId);
  const rows = await db
    .select({ email: leadNotificationUnsubscribes.email })
    .from(leadNotificationUnsubscribes)
    .where(eq(leadNotificationUnsubscribes.quizId, quizId))
    .orderBy(asc(leadNotificationUnsubscribes.email));
  return rows.map((row) => row.email);
}

/** Lists the address for the quiz's new-lead emails again (nothing to do when it never unsubscribed). */
export async function resubscribe(
  db: Database,
  accountId: string,
  quizId: string,
  email: string,
): Promise<void> {
  await assertOwnQuiz(db, accountId, quizId);
  await db
    .delete(leadNotificationUnsubscribes)
    .where(
      and(eq(leadNotificationUnsubscribes.quizId, quizId), eq(leadNotificationUnsubscribes.email, email)),
    );
}
