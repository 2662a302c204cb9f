import { saveRetentionEndpoint } from '@quizbeam/contracts/retention';
import { analyticsVisits } from '@quizbeam/db/analyticsSchema';
import type { Database } from '@quizbeam/db/database';
import { deliveryAttempts, leadDeliveries } from '@quizbeam/db/deliverySchema';
import { leads, visitorEvents } from '@quizbeam/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAttempt, insertDelivery, insertLead, quizWithOutcomes } from '../../testing/leads';
import { type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';
import { deleteExpiredAccountData } from './deleteExpiredData';
import { startRetentionJob } from './retentionJob';

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await startTestApp();
  db = t.context.db;
});
afterAll(async () => {
  await t?.close();
});

const NOW = new Date('2026-11-27T03:00:00Z');
const daysAgo = (days: number, from = NOW) => new Date(from.getTime() - days * 24 * 60 * 60_000);

let visitCount = 0;

/** One visitor's visit to the quiz at `at`: its event, its analytics row and a lead with a delivered attempt. */
async function visitAt(account: SignedInAccount, quizId: string, at: Date) {
  visitCount += 1;
  const visitId = `retention-visit-${visitCount}`;
  const snapshotId = crypto.randomUUID();
  const [event] = await db
    .insert(visitorEvents)
    .values({ quizId, snapshotId, visitId, type: 'visit', createdAt: at })
    .returning({ id: visitorEvents.id });
  await db.insert(analyticsVisits).values({
    quizId,
    visitId,
    snapshotId,
    version: 1,
    day: at.toISOString().slice(0, 10),
    visitedAt: at,
  });
  const leadId = await insertLead(db, account, quizId, { createdAt: at });
  const deliveryId = await insertDelivery(db, account, quizId, leadId, { state: 'delivered', attempts: 1 });
  await insertAttempt(db, deliveryId, { startedAt: at, statusCode: 200 });
  return { eventId: event?.id ?? -1, visitId, leadId, deliveryId };
}

type Visit = Awaited<ReturnType<typeof visitAt>>;

/** Which of the visits' rows are still stored, table by table. */
async function stored(quizId: string, visits: Visit[]) {
  const eventIds = visits.map((visit) => visit.eventId);
  const leadIds = visits.map((visit) => visit.leadId);
  const deliveryIds = visits.map((visit) => visit.deliveryId);
  const visitIds = visits.map((visit) => visit.visitId);
  const events = await db
    .select({ id: visitorEvents.id })
    .from(visitorEvents)
    .where(inArray(visitorEvents.id, eventIds));
  const visitRows = await db
    .select({ visitId: analyticsVisits.visitId })
    .from(analyticsVisits)
    .where(eq(analyticsVisits.quizId, quizId));
  const leadRows = await db.select({ id: leads.id }).from(leads).where(inArray(leads.id, leadIds));
  const deliveryRows = await db
    .select({ id: leadDeliveries.id })
    .from(leadDeliveries)
    .where(inArray(leadDeliveries.id, deliveryIds));
  const attemptRows = await db
    .select({ deliveryId: deliveryAttempts.deliveryId })
    .from(deliveryAttempts)
    .where(inArray(deliveryAttempts.deliveryId, deliveryIds));
  const keptOf = <T>(all: T[], present: T[]) => all.map((value) => present.includes(value));
  return {
    events: keptOf(
      eventIds,
      events.map((row) => row.id),
    ),
    visits: keptOf(
      visitIds,
      visitRows.map((row) => row.visitId),
    ),
    leads: keptOf(
      leadIds,
      leadRows.map((row) => row.id),
    ),
    deliveries: keptOf(
      deliveryIds,
      deliveryRows.map((row) => row.id),
    ),
    attempts: keptOf(
      deliveryIds,
      attemptRows.map((row) => row.deliveryId),
    ),
  };
}

const allKept = (count: number) => {
  const kept = Array.from({ length: count }, () => true);
  return { events: kept, visits: kept, leads: kept, deliveries: kept, attempts: kept };
};

describe('the retention job', () => {
  it("deletes an account's data older than its period, keeps what is newer and other accounts' data", async () => {
    const owner = await t.signIn();
    await owner.send(saveRetentionEndpoint, { body: { retentionDays: 30 } });
    const ownerQuiz = await quizWithOutcomes(db, owner);
    const ownerVisits = [
      await visitAt(owner, ownerQuiz, daysAgo(400)),
      await visitAt(owner, ownerQuiz, daysAgo(31)),
      await visitAt(owner, ownerQuiz, daysAgo(29)),
      await visitAt(owner, ownerQuiz, daysAgo(1)),
    ];
    // A recent lead's attempt that is itself past the period goes too; the lead stays.
    const recentLead = ownerVisits[3];
    if (!recentLead) throw new Error('no recent visit');
    await insertAttempt(db, recentLead.deliveryId, { startedAt: daysAgo(45), statusCode: 500 });

    const keepsForever = await t.signIn();
    const foreverQuiz = await quizWithOutcomes(db, keepsForever);
    const foreverVisits = [await visitAt(keepsForever, foreverQuiz, daysAgo(2000))];

    const longer = await t.signIn();
    await longer.send(saveRetentionEndpoint, { body: { retentionDays: 365 } });
    const longerQuiz = await quizWithOutcomes(db, longer);
    const longerVisits = [
      await visitAt(longer, longerQuiz, daysAgo(400)),
      await visitAt(longer, longerQuiz, daysAgo(100)),
    ];

    const job = startRetentionJob({ db, now: () => NOW, log: () => {} });
    await job.runOnce();
    await job.stop();

    const gone = [false, false, true, true];
    expect(await stored(ownerQuiz, ownerVisits)).toEqual({
      events: gone,
      visits: gone,
      leads: gone,
      deliveries: gone,
      attempts: gone,
    });
    const recentAttempts = await db
      .select({ startedAt: deliveryAttempts.startedAt })
      .from(deliveryAttempts)
      .where(eq(deliveryAttempts.deliveryId, recentLead.deliveryId));
    expect(recentAttempts.map((row) => row.startedAt.toISOString())).toEqual([daysAgo(1).toISOString()]);

    expect(await stored(foreverQuiz, foreverVisits)).toEqual(allKept(1));
    const longerKept = [false, true];
    expect(await stored(longerQuiz, longerVisits)).toEqual({
      events: longerKept,
      visits: longerKept,
      leads: longerKept,
      deliveries: longerKept,
      attempts: longerKept,
    });
  });

  it('loops over batches until every old row is gone', async () => {
    const account = await t.signIn();
    await account.send(saveRetentionEndpoint, { body: { retentionDays: 30 } });
    const quizId = await quizWithOutcomes(db, account);
    const old = [];
    for (let day = 0; day < 7; day += 1) old.push(await visitAt(account, quizId, daysAgo(60 + day)));
    const recent = await visitAt(account, quizId, daysAgo(3));

    const deleted = await deleteExpiredAccountData(
      db,
      { accountId: account.accountId, retentionDays: 30 },
      NOW,
      {
        batchSize: 2,
      },
    );
    expect(deleted).toEqual({ visitorEvents: 7, analyticsVisits: 7, leads: 7, deliveryAttempts: 0 });
    expect(await stored(quizId, [...old, recent])).toEqual({
      events: [...old.map(() => false), true],
      visits: [...old.map(() => false), true],
      leads: [...old.map(() => false), true],
      deliveries: [...old.map(() => false), true],
      attempts: [...old.map(() => false), true],
    });
  });

  it('works on an account once per UTC day, and again the next day', async () => {
    const account = await t.signIn();
    await account.send(saveRetentionEndpoint, { body: { retentionDays: 30 } });
    const quizId = await quizWithOutcomes(db, account);
    let clock = NOW;
    const job = startRetentionJob({ db, now: () => clock, log: () => {} });
    await job.runOnce();

    // Became old since today's run: kept until tomorrow's.
    const oldSinceRun = await visitAt(account, quizId, daysAgo(40));
    clock = new Date(NOW.getTime() + 60 * 60_000);
    await job.runOnce();
    expect(await stored(quizId, [oldSinceRun])).toEqual(allKept(1));

    clock = new Date('2026-11-28T00:10:00Z');
    await job.runOnce();
    await job.stop();
    expect((await stored(quizId, [oldSinceRun])).events).toEqual([false]);
  });
});
