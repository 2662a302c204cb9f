import type { Database } from '@quizbeam/db/database';
import { accounts, publishedSnapshots, quizzes, visitorEvents } from '@quizbeam/db/schema';
import { openTestDatabase } from '@quizbeam/db/testing';
import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockQuizAgainstEventWriters } from '../analytics/rollups/rollupLocks';
import { type VisitorEventRow, VisitorEventWriter } from './visitorEventWriter';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function publishedQuiz(db: Database): Promise<{ quizId: string; snapshotId: string }> {
  const accountId = crypto.randomUUID();
  const quiz = newQuiz({ id: crypto.randomUUID(), name: 'Quiz', type: 'general' });
  const snapshotId = crypto.randomUUID();
  await db.insert(accounts).values({ id: accountId, name: 'Acme' });
  await db
    .insert(quizzes)
    .values({ id: quiz.id, accountId, name: quiz.name, type: quiz.type, document: quiz });
  await db.insert(publishedSnapshots).values({
    id: snapshotId,
    quizId: quiz.id,
    accountId,
    version: 1,
    slug: 'abcdefgh',
    host: 'quizzes.test',
    document: quiz,
    scripts: { onStartPage: '', onOptIn: '' },
    showPoweredByBadge: true,
  });
  return { quizId: quiz.id, snapshotId };
}

const countOf = async (db: Database, quizId: string) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(visitorEvents)
      .where(eq(visitorEvents.quizId, quizId))
  )[0]?.n ?? 0;

describe('the visitor event writer', () => {
  it('stores a batch in one go, drops events of deleted quizzes, and only a row the database refuses', async () => {
    const { db } = database;
    const { quizId, snapshotId } = await publishedQuiz(db);
    const errors: unknown[] = [];
    const writer = new VisitorEventWriter(db, (error) => errors.push(error));
    const good = { quizId, snapshotId, visitId: 'visit-aaaaaaaaaaaaaaaa' };
    // A row the database refuses (an id beyond its integer range): the batch is halved until it is alone.
    expect(
      writer.offer(quizId, [
        { ...good, type: 'visit' },
        { ...good, type: 'answer', questionId: 2 ** 31, answerId: 1 },
        { ...good, type: 'answer', questionId: 1, answerId: 2 },
        { ...good, type: 'complete', outcomeId: 3, score: 7 },
      ]),
    ).toBe(true);
    const deletedQuiz = crypto.randomUUID();
    writer.offer(deletedQuiz, [{ ...good, quizId: deletedQuiz, type: 'visit' }]);
    await writer.close();
    const stored = await db.select().from(visitorEvents).where(eq(visitorEvents.quizId, quizId));
    expect(stored.map((row) => row.type).sort()).toEqual(['answer', 'complete', 'visit']);
    expect(stored.find((row) => row.type === 'complete')).toMatchObject({
      outcomeId: 3,
      score: 7,
      questionId: null,
    });
    expect(errors).toHaveLength(1);
  });

  it('refuses rows it has no room for instead of dropping acknowledged ones, and keeps quizzes apart', async () => {
    const { db } = database;
    const flooded = await publishedQuiz(db);
    const quiet = await publishedQuiz(db);
    const writer = new VisitorEventWriter(db, () => {}, { batchRows: 100, perQuizRows: 250, totalRows: 400 });
    const rowsOf = (place: { quizId: string; snapshotId: string }, count: number): VisitorEventRow[] =>
      Array.from({ length: count }, (_, index) => ({
        ...place,
        visitId: `visit-${String(index).padStart(16, '0')}`,
        type: 'visit',
      }));
    // The writer flushes in the background; hold the database so nothing drains while the flood arrives.
    let accepted = 0;
    await db.transaction(async (tx) => {
      await tx.execute(sql`lock table visitor_events in exclusive mode`);
      for (let request = 0; request < 20; request += 1)
        if (writer.offer(flooded.quizId, rowsOf(flooded, 50))) accepted += 50;
      // The flooded quiz is refused past its own share; another quiz still gets in.
      expect(writer.offer(quiet.quizId, rowsOf(quiet, 10))).toBe(true);
    });
    expect(accepted).toBeLessThanOrEqual(350);
    expect(accepted).toBeGreaterThanOrEqual(250);
    await writer.close();
    // Everything acknowledged is stored.
    expect(await countOf(db, flooded.quizId)).toBe(accepted);
    expect(await countOf(db, quiet.quizId)).toBe(10);
  });

  it('takes from every waiting quiz in turn, so one quiz with many rows does not hold up another', async () => {
    const { db } = database;
    const busy = await publishedQuiz(db);
    const small = await publishedQuiz(db);
    const writer = new VisitorEventWriter(db, () => {}, {
      batchRows: 10,
      perQuizRows: 1_000,
      totalRows: 2_000,
    });
    const rows = (place: { quizId: string; snapshotId: string }, count: number): VisitorEventRow[] =>
      Array.from({ length: count }, () => ({ ...place, visitId: 'visit-bbbbbbbbbbbbbbbb', type: 'start' }));
    await db.transaction(async (tx) => {
      await tx.execute(sql`lock table visitor_events in exclusive mode`);
      writer.offer(busy.quizId, rows(busy, 500));
      writer.offer(small.quizId, rows(small, 3));
    });
    await writer.close();
    // Rows get ids in the order they are written: the small quiz's went in with the second batch, not last.
    const written = await db
      .select({ quizId: visitorEvents.quizId })
      .from(visitorEvents)
      .where(sql`${visitorEvents.quizId} in (${busy.quizId}, ${small.quizId})`)
      .orderBy(visitorEvents.id);
    expect(written).toHaveLength(503);
    const positions = written.flatMap((row, index) => (row.quizId === small.quizId ? [index] : []));
    expect(positions).toHaveLength(3);
    expect(Math.max(...positions)).toBeLessThan(20);
  });

  // PGlite has one connection: a transaction holding the lock would hold up every other statement too.
  it.skipIf(!process.env.DATABASE_URL)(
    'keeps a quiz’s rows back while its analytics are rebuilt, and stores the other quizzes’ meanwhile',
    async () => {
      const { db } = database;
      const rebuilt = await publishedQuiz(db);
      const other = await publishedQuiz(db);
      const writer = new VisitorEventWriter(db, () => {}, {
        batchRows: 10,
        perQuizRows: 100,
        totalRows: 200,
      });
      const steps: VisitorEventRow['type'][] = ['visit', 'start', 'shown', 'answer', 'complete'];
      const visitOf = (place: { quizId: string; snapshotId: string }): VisitorEventRow[] =>
        steps.map((type) => ({
          ...place,
          visitId: 'visit-cccccccccccccccc',
          type,
          questionId: 1,
          answerId: 2,
        }));
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const rebuild = db.transaction(async (tx) => {
        await lockQuizAgainstEventWriters(tx, rebuilt.quizId);
        locked();
        await released;
      });
      await lockTaken;
      writer.offer(rebuilt.quizId, visitOf(rebuilt).slice(0, 3));
      writer.offer(other.quizId, visitOf(other));
      writer.offer(rebuilt.quizId, visitOf(rebuilt).slice(3));
      await writer.flush();
      expect(await countOf(db, other.quizId)).toBe(5);
      expect(await countOf(db, rebuilt.quizId)).toBe(0);
      expect(writer.waiting).toBe(5);

      release();
      await rebuild;
      await writer.close();
      const stored = await db
        .select({ type: visitorEvents.type })
        .from(visitorEvents)
        .where(eq(visitorEvents.quizId, rebuilt.quizId))
        .orderBy(visitorEvents.id);
      expect(stored.map((row) => row.type)).toEqual(steps);
    },
  );
});
