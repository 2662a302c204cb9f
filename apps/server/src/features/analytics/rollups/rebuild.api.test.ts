import { visitorEvents } from '@quizbeam/db/schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsRowsOf,
  countersOf,
  expectedFigures,
  generatedVisits,
  publishedTwice,
  writeThroughWriter,
} from '../../../testing/analyticsRollups';
import { PUBLISH_ORIGIN } from '../../../testing/publishing';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../../../testing/testApp';
import { VisitorEventWriter } from '../../publishedSite/visitorEventWriter';
import { quizzesMissingAnalytics, rebuildQuizAnalytics } from './rebuildQuizAnalytics';

let t: TestApp;
let owner: SignedInAccount;
beforeAll(async () => {
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN });
  owner = await t.signIn();
});
afterAll(async () => {
  await t.close();
});

const MORNING = Date.parse('2026-04-10T08:00:00Z');

async function quizWithVisits(visits: number, seed: number, writtenNow = false) {
  const published = await publishedTwice(t, owner);
  const quizId = published.quiz.id;
  const visitsOf = (count: number, seedOf: number, startAt: number) =>
    generatedVisits({
      quizId,
      snapshotIds: published.snapshotIds,
      quiz: published.quiz,
      outcomeIds: published.o,
      visits: count,
      seed: seedOf,
      startAt,
      writtenNow,
    });
  return { quizId, rows: visitsOf(visits, seed, MORNING), visitsOf };
}

const eventCount = async (quizId: string) =>
  (await t.database.db.select().from(visitorEvents).where(sql`${visitorEvents.quizId} = ${quizId}`)).length;

describe('rebuilding a quiz’s analytics from its raw events', () => {
  it('reproduces the live rollups exactly, whatever they had become', async () => {
    const { db } = t.database;
    const { quizId, rows } = await quizWithVisits(60, 21);
    await writeThroughWriter(db, rows, 37);
    const live = await analyticsRowsOf(db, quizId);
    expect(live.counters).toEqual(await expectedFigures(db, quizId));

    await db.execute(sql`delete from analytics_counters where quiz_id = ${quizId}::uuid and metric = 'left'`);
    await db.execute(sql`update analytics_visits set last_item = 'q:1' where quiz_id = ${quizId}::uuid`);
    await db.execute(sql`update analytics_visits set answers = '{}' where quiz_id = ${quizId}::uuid`);
    expect(await analyticsRowsOf(db, quizId)).not.toEqual(live);

    const summary = await rebuildQuizAnalytics(db, quizId);
    expect(summary).toEqual({ quizId, events: await eventCount(quizId), visits: live.visits.length });
    expect(await analyticsRowsOf(db, quizId)).toEqual(live);
  });

  it('gives what live writing gave when two writers stored the same visits at once', async () => {
    const { db } = t.database;
    const { quizId, rows } = await quizWithVisits(50, 22, true);
    // Alternate events of every visit go to different writers, as if the page's posts reached two servers.
    await Promise.all([
      writeThroughWriter(
        db,
        rows.filter((_, index) => index % 2 === 0),
        9,
      ),
      writeThroughWriter(
        db,
        rows.filter((_, index) => index % 2 === 1),
        14,
      ),
    ]);
    const live = await analyticsRowsOf(db, quizId);
    expect(live.visits.length).toBeGreaterThan(40);
    await rebuildQuizAnalytics(db, quizId);
    expect(await analyticsRowsOf(db, quizId)).toEqual(live);
  });

  it('ends with the right figures when visitors keep writing during the rebuild', async () => {
    const { db } = t.database;
    const { quizId, rows, visitsOf } = await quizWithVisits(60, 23);
    await writeThroughWriter(db, rows, 100);
    const later = visitsOf(60, 24, MORNING + 86_400_000);
    const writing = Promise.all([
      writeThroughWriter(
        db,
        later.filter((row) => Number(row.visitId.slice(-1)) % 2 === 0),
        7,
      ),
      writeThroughWriter(
        db,
        later.filter((row) => Number(row.visitId.slice(-1)) % 2 === 1),
        11,
      ),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const [summary] = await Promise.all([rebuildQuizAnalytics(db, quizId), writing]);
    expect(summary?.events).toBeGreaterThanOrEqual(rows.length);
    const afterBoth = await analyticsRowsOf(db, quizId);
    expect(afterBoth.counters).toEqual(await expectedFigures(db, quizId));
    await rebuildQuizAnalytics(db, quizId);
    expect(await analyticsRowsOf(db, quizId)).toEqual(afterBoth);
  });

  it('runs at start for quizzes whose events were recorded before the rollups, beside live writing', async () => {
    const { db } = t.database;
    const { quizId, rows, visitsOf } = await quizWithVisits(40, 25);
    // Stored as before rollups existed: raw rows, each with the time it happened.
    await db.insert(visitorEvents).values(rows);
    const current = await quizWithVisits(10, 26);
    await writeThroughWriter(db, current.rows, 50);
    expect(await quizzesMissingAnalytics(db)).toContain(quizId);
    expect(await quizzesMissingAnalytics(db)).not.toContain(current.quizId);

    const errors: unknown[] = [];
    const writer = new VisitorEventWriter(db, (error) => errors.push(error));
    writer.offer(quizId, visitsOf(20, 27, MORNING + 2 * 86_400_000));
    const rebuilt = await writer.catchingUp;
    await writer.close();
    expect(rebuilt.map((summary) => summary.quizId)).toContain(quizId);
    expect(rebuilt.map((summary) => summary.quizId)).not.toContain(current.quizId);
    expect(errors).toEqual([]);
    expect(await quizzesMissingAnalytics(db)).not.toContain(quizId);
    expect(await countersOf(db, quizId)).toEqual(await expectedFigures(db, quizId));
    expect(Object.keys(await countersOf(db, quizId)).length).toBeGreaterThan(50);
  });

  it('finds nothing to rebuild for an unknown quiz', async () => {
    expect(await rebuildQuizAnalytics(t.database.db, crypto.randomUUID())).toBeNull();
  });
});
