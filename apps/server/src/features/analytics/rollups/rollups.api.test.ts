import { ANALYTICS_METRICS } from '@quizbeam/contracts/analyticsMetrics';
import { analyticsVisits } from '@quizbeam/db/analyticsSchema';
import { visitorEvents } from '@quizbeam/db/schema';
import { parseFigureKey } from '@quizbeam/quiz-engine/analytics/visitFigures';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countersOf,
  expectedFigures,
  generatedVisits,
  publishedTwice,
  writeThroughWriter,
} from '../../../testing/analyticsRollups';
import { PUBLISH_ORIGIN } from '../../../testing/publishing';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../../../testing/testApp';

let t: TestApp;
let owner: SignedInAccount;
beforeAll(async () => {
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN });
  owner = await t.signIn();
});
afterAll(async () => {
  await t.close();
});

/** Visits from 22:30 UTC on, so that some begin on the next day and some end there. */
const EVENING = Date.parse('2026-03-01T22:30:00Z');

async function quizWithVisits(visits: number, seed: number, writtenNow = false) {
  const published = await publishedTwice(t, owner);
  const rows = generatedVisits({
    quizId: published.quiz.id,
    snapshotIds: published.snapshotIds,
    quiz: published.quiz,
    outcomeIds: published.o,
    visits,
    seed,
    startAt: EVENING,
    writtenNow,
  });
  return { ...published, quizId: published.quiz.id, rows };
}

describe('analytics rollups kept as events are written', () => {
  it.each([1, 7, 64, 2_000])(
    'give the reference figures, written %i events at a time',
    async (batchRows) => {
      const { db } = t.database;
      const { quizId, rows } = await quizWithVisits(90, 15);
      await writeThroughWriter(db, rows, batchRows);

      const expected = await expectedFigures(db, quizId);
      expect(await countersOf(db, quizId)).toEqual(expected);

      // The generated visits cover every rule: all metrics (but values: they answer single-choice questions,
      // questionTypes.api.test.ts has the other types), two days, two versions, moved answers, many
      // time-to-complete buckets, UTM values with commas, quotes, braces, backslashes and accents.
      const keys = Object.keys(expected).map(parseFigureKey);
      expect(new Set(keys.map((key) => key.metric))).toEqual(
        new Set(ANALYTICS_METRICS.filter((metric) => metric !== 'value')),
      );
      expect(new Set(keys.map((key) => key.day))).toEqual(new Set(['2026-03-01', '2026-03-02']));
      expect(new Set(keys.map((key) => key.version))).toEqual(new Set([1, 2]));
      expect(
        new Set(keys.filter((key) => key.metric === 'duration').map((key) => key.item)).size,
      ).toBeGreaterThan(4);
      expect(keys.some((key) => key.metric === 'left' && key.item === 'capture')).toBe(true);
      const sources = new Set(
        keys.filter((key) => key.metric === 'source_completions').map((key) => key.item),
      );
      expect(sources).toEqual(new Set(['', 'newsletter', 'ads, "spring" {sale}', 'café ☕ \\ NULL']));
      // A second visit event's URL fields count for nothing: its visit kept the first one's.
      const urlFieldNames = new Set(keys.filter((key) => key.metric === 'url_field').map((key) => key.item));
      expect(urlFieldNames).toEqual(new Set(['ref', 'gclid', 'utm_source', 'partner.id']));
      // One event a transaction is a thousand transactions: slow on a busy machine, not wrong.
    },
    120_000,
  );

  it('give the reference figures for events stamped when they are written', async () => {
    const { db } = t.database;
    const { quizId, rows } = await quizWithVisits(40, 16, true);
    await writeThroughWriter(db, rows, 13);
    expect(await countersOf(db, quizId)).toEqual(await expectedFigures(db, quizId));
    const today = new Date().toISOString().slice(0, 10);
    expect(Object.keys(await countersOf(db, quizId)).every((key) => key.startsWith(today))).toBe(true);
  });

  it('stay right when two writers store the same quiz at once', async () => {
    const { db } = t.database;
    const { quizId, rows } = await quizWithVisits(80, 17);
    const byVisit = (half: number) => rows.filter((row) => Number(row.visitId.slice(-1)) % 2 === half);
    await Promise.all([writeThroughWriter(db, byVisit(0), 20), writeThroughWriter(db, byVisit(1), 35)]);
    expect(await countersOf(db, quizId)).toEqual(await expectedFigures(db, quizId));
  });

  it('store UTM values exactly as given, whatever their characters', async () => {
    const { db } = t.database;
    const { quizId, snapshotIds } = await quizWithVisits(0, 18);
    const awkward = `a,b "c" {d} \\e 'f' NULL ∑ 😀 ${'x'.repeat(80)}`;
    const visit = { quizId, snapshotId: snapshotIds[0] ?? '', visitId: 'visit-awkward-utm' };
    await writeThroughWriter(
      db,
      [
        { ...visit, type: 'visit', utmSource: awkward, utmCampaign: '' },
        { ...visit, type: 'start' },
        { ...visit, type: 'complete', outcomeId: null, score: 0 },
      ],
      10,
    );
    const [stored] = await db
      .select({ utmSource: visitorEvents.utmSource, utmCampaign: visitorEvents.utmCampaign })
      .from(visitorEvents)
      .where(sql`${visitorEvents.quizId} = ${quizId} and ${visitorEvents.type} = 'visit'`);
    expect(stored).toEqual({ utmSource: awkward, utmCampaign: '' });
    const counters = await countersOf(db, quizId);
    expect(Object.entries(counters).filter(([key]) => key.includes('source_completions'))).toEqual([
      [`${new Date().toISOString().slice(0, 10)}|1|source_completions|${awkward}`, 1],
    ]);
  });

  it('keep the URL fields of each visit’s first visit event on its row, exactly as given', async () => {
    const { db } = t.database;
    const { quizId, rows } = await quizWithVisits(60, 20);
    const awkward = `a,b "c" {d} \\e 'f' NULL ∑ 😀 ${'x'.repeat(80)}`;
    const visit = { quizId, snapshotId: rows[0]?.snapshotId ?? '', visitId: 'visit-awkward-url-fields' };
    await writeThroughWriter(
      db,
      [
        ...rows,
        { ...visit, type: 'start' },
        { ...visit, type: 'visit', urlFields: { ref: awkward, 'partner.id': '' } },
        { ...visit, type: 'visit', urlFields: { ref: 'a reload' } },
      ],
      17,
    );
    const firstVisitEvents = new Map<string, unknown>();
    for (const row of [...rows, { ...visit, type: 'visit', urlFields: { ref: awkward, 'partner.id': '' } }])
      if (row.type === 'visit' && !firstVisitEvents.has(row.visitId))
        firstVisitEvents.set(row.visitId, row.urlFields ?? {});
    const kept = await db
      .select({ visitId: analyticsVisits.visitId, urlFields: analyticsVisits.urlFields })
      .from(analyticsVisits)
      .where(eq(analyticsVisits.quizId, quizId));
    expect(new Map(kept.map((row) => [row.visitId, row.urlFields]))).toEqual(
      new Map(kept.map((row) => [row.visitId, firstVisitEvents.get(row.visitId) ?? {}])),
    );
    expect(kept.filter((row) => Object.keys(row.urlFields).length > 0).length).toBeGreaterThan(20);
    expect(kept.find((row) => row.visitId === visit.visitId)?.urlFields).toEqual({
      ref: awkward,
      'partner.id': '',
    });
    const [stored] = await db
      .select({ urlFields: visitorEvents.urlFields })
      .from(visitorEvents)
      .where(sql`${visitorEvents.visitId} = ${visit.visitId} and ${visitorEvents.type} = 'visit'`)
      .orderBy(visitorEvents.id)
      .limit(1);
    expect(stored?.urlFields).toEqual({ ref: awkward, 'partner.id': '' });
    expect(await countersOf(db, quizId)).toEqual(await expectedFigures(db, quizId));
  });

  it('go with the quiz when it is deleted, and later events of it leave nothing behind', async () => {
    const { db } = t.database;
    const { quizId, rows } = await quizWithVisits(20, 19);
    await writeThroughWriter(db, rows, 50);
    const countRows = async () => {
      const result = await db.execute(sql`select
        (select count(*) from analytics_visits where quiz_id = ${quizId}::uuid)
        + (select count(*) from analytics_counters where quiz_id = ${quizId}::uuid) as count`);
      return Number((result as unknown as { rows: { count: string | number }[] }).rows[0]?.count);
    };
    expect(await countRows()).toBeGreaterThan(20);

    const deleted = await owner.call('DELETE', `/api/quizzes/${quizId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await countRows()).toBe(0);

    await writeThroughWriter(db, rows.slice(0, 30), 10);
    expect(await countRows()).toBe(0);
    expect(await db.select().from(visitorEvents).where(eq(visitorEvents.quizId, quizId))).toEqual([]);
  });
});
