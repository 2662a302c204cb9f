import { accounts, publishedSnapshots, quizzes, visitorEvents } from '@quizbeam/db/schema';
import { openTestDatabase } from '@quizbeam/db/testing';
import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { VisitorEventWriter } from './visitorEventWriter';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it('stores a batch in one go, drops events of deleted quizzes, and only a row the database refuses', async () => {
  const { db } = database;
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
  const errors: unknown[] = [];
  const writer = new VisitorEventWriter(db, (error) => errors.push(error));
  const good = { quizId: quiz.id, snapshotId, visitId: 'visit-aaaaaaaaaaaaaaaa' };
  // A row the database refuses (visit_id is NOT NULL): the batch is halved until it is alone.
  const refused = { ...good, visitId: null as unknown as string };
  writer.add([
    { ...good, type: 'visit' },
    { ...refused, type: 'visit' },
    { ...good, type: 'answer', questionId: 1, answerId: 2 },
    { ...good, type: 'complete', outcomeId: 3, score: 7 },
    { ...good, quizId: crypto.randomUUID(), type: 'visit' },
  ]);
  await writer.close();
  const stored = await db.select().from(visitorEvents);
  expect(stored.map((row) => row.type).sort()).toEqual(['answer', 'complete', 'visit']);
  expect(stored.find((row) => row.type === 'complete')).toMatchObject({
    outcomeId: 3,
    score: 7,
    questionId: null,
  });
  expect(errors).toHaveLength(1);
});
