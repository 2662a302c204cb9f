import type { Database } from '@quizbeam/db/database';
import { conversionApis } from '@quizbeam/db/measurementSchema';
import { liveQuizzes, publishedSnapshots, quizzes } from '@quizbeam/db/schema';
import { and, asc, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../shared/appError';

export const conversionApiInUseText = (quizNames: string[]) =>
  `This conversion API is used by ${quizNames.map((name) => `"${name}"`).join(', ')}. ` +
  'Untick it in their Capture Form (and republish them) before deleting it.';

const documentUses = (document: SQL | typeof quizzes.document, id: string): SQL =>
  sql`(${document} @> ${JSON.stringify({ leadCaptureSettings: { conversionApiIds: [id] } })}::jsonb)`;

/**
 * The account's quizzes that send leads to the conversion API: in the saved quiz, or in the snapshot live now
 * (a quiz edited since it was published still sends as published).
 */
export async function quizzesUsingConversionApi(
  db: Pick<Database, 'select'>,
  accountId: string,
  id: string,
): Promise<string[]> {
  const liveSnapshotUses = exists(
    db
      .select({ one: sql`1` })
      .from(liveQuizzes)
      .innerJoin(publishedSnapshots, eq(publishedSnapshots.id, liveQuizzes.snapshotId))
      .where(and(eq(liveQuizzes.quizId, quizzes.id), documentUses(sql`${publishedSnapshots.document}`, id))),
  );
  const rows = await db
    .select({ name: quizzes.name })
    .from(quizzes)
    .where(and(eq(quizzes.accountId, accountId), or(documentUses(quizzes.document, id), liveSnapshotUses)))
    .orderBy(asc(sql`lower(${quizzes.name})`));
  return rows.map((row) => row.name);
}

/**
 * Refused (409 `in_use`, naming the quizzes) while a quiz sends leads there, so that conversions never stop
 * unnoticed; another account's id is a 404.
 */
export async function deleteConversionApi(db: Database, accountId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: conversionApis.id })
      .from(conversionApis)
      .where(and(eq(conversionApis.id, id), eq(conversionApis.accountId, accountId)))
      .for('update');
    if (!found) throw notFound();
    const users = await quizzesUsingConversionApi(tx, accountId, id);
    if (users.length > 0) throw new AppError('in_use', conversionApiInUseText(users), {}, { quizzes: users });
    await tx.delete(conversionApis).where(eq(conversionApis.id, id));
  });
}
