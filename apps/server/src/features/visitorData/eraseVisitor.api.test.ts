import { INVALID_EMAIL_TEXT } from '@quizbeam/contracts/emailAddress';
import { eraseVisitorEndpoint, NO_LEADS_WITH_EMAIL_TEXT } from '@quizbeam/contracts/visitorData';
import { analyticsCounters, analyticsVisits } from '@quizbeam/db/analyticsSchema';
import { deliveryAttempts, leadDeliveries } from '@quizbeam/db/deliverySchema';
import { dataErasures } from '@quizbeam/db/measurementSchema';
import { leads, visitorEvents } from '@quizbeam/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAttempt, insertDelivery, insertLead, quizWithOutcomes } from '../../testing/leads';
import { endpointCaller, type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';
import { ERASURES_PER_ACCOUNT } from './routes';

let t: TestApp;
let owner: SignedInAccount;
let stranger: SignedInAccount;
beforeAll(async () => {
  t = await startTestApp();
  owner = await t.signIn();
  stranger = await t.signIn();
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;

/** A lead with its visit as the visitor API leaves it: `eventCount` events and the visit's analytics row. */
async function leadWithVisit(account: SignedInAccount, quizId: string, email: string, eventCount = 3) {
  const leadId = await insertLead(db(), account, quizId, { email });
  const [lead] = await db().select().from(leads).where(eq(leads.id, leadId));
  if (!lead) throw new Error('the lead was not written');
  const types = ['visit', 'start', 'answer'] as const;
  await db()
    .insert(visitorEvents)
    .values(
      Array.from({ length: eventCount }, (_, index) => ({
        quizId,
        snapshotId: lead.snapshotId,
        visitId: lead.visitId,
        type: types[index % types.length] ?? 'visit',
      })),
    );
  await db()
    .insert(analyticsVisits)
    .values({
      quizId,
      visitId: lead.visitId,
      snapshotId: lead.snapshotId,
      version: 1,
      day: '2026-11-20',
      visitedAt: new Date('2026-11-20T10:00:00Z'),
      utmSource: 'newsletter',
    });
  return { leadId, visitId: lead.visitId };
}

const leadsOf = (ids: string[]) => db().select({ id: leads.id }).from(leads).where(inArray(leads.id, ids));
const eventsOf = (visitIds: string[]) =>
  db().select({ id: visitorEvents.id }).from(visitorEvents).where(inArray(visitorEvents.visitId, visitIds));
const visitsOf = (visitIds: string[]) =>
  db()
    .select({ visitId: analyticsVisits.visitId })
    .from(analyticsVisits)
    .where(inArray(analyticsVisits.visitId, visitIds));

const erase = (account: SignedInAccount, email: string) =>
  account.send(eraseVisitorEndpoint, { body: { email } });

describe('erasing a person by email address', () => {
  it('erases their leads, events, visits and deliveries in every quiz, and nothing of anyone else', async () => {
    const firstQuiz = await quizWithOutcomes(db(), owner);
    const secondQuiz = await quizWithOutcomes(db(), owner);
    const strangerQuiz = await quizWithOutcomes(db(), stranger);

    const inFirst = await leadWithVisit(owner, firstQuiz, 'Ada.Lovelace@example.com', 3);
    const inSecond = await leadWithVisit(owner, secondQuiz, 'ada.lovelace@example.com', 2);
    const otherPerson = await leadWithVisit(owner, firstQuiz, 'grace@example.com', 4);
    const otherAccount = await leadWithVisit(stranger, strangerQuiz, 'ada.lovelace@example.com', 5);

    const delivered = await insertDelivery(db(), owner, firstQuiz, inFirst.leadId, { state: 'delivered' });
    await insertAttempt(db(), delivered, { startedAt: new Date('2026-11-20T10:00:01Z'), statusCode: 200 });
    await insertDelivery(db(), owner, secondQuiz, inSecond.leadId, { state: 'failed' });
    const othersDelivery = await insertDelivery(db(), owner, firstQuiz, otherPerson.leadId);
    const strangersDelivery = await insertDelivery(db(), stranger, strangerQuiz, otherAccount.leadId);

    const counter = {
      quizId: firstQuiz,
      day: '2026-11-20',
      version: 1,
      metric: 'visitors' as const,
      item: '',
    };
    await db()
      .insert(analyticsCounters)
      .values({ ...counter, value: 2 });

    // Typed with other capitals and spaces around: the address is normalised and compared without case.
    const answer = await erase(owner, '  ADA.LOVELACE@Example.COM ');
    expect(answer.data()).toEqual({ leads: 2, events: 5, deliveries: 2 });

    expect(await leadsOf([inFirst.leadId, inSecond.leadId])).toEqual([]);
    expect(await eventsOf([inFirst.visitId, inSecond.visitId])).toEqual([]);
    expect(await visitsOf([inFirst.visitId, inSecond.visitId])).toEqual([]);
    expect(
      await db()
        .select()
        .from(leadDeliveries)
        .where(inArray(leadDeliveries.leadId, [inFirst.leadId, inSecond.leadId])),
    ).toEqual([]);
    expect(
      await db().select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, delivered)),
    ).toEqual([]);

    // Another person of the same account, and the same address in another account, are untouched.
    expect(await leadsOf([otherPerson.leadId, otherAccount.leadId])).toHaveLength(2);
    expect(await eventsOf([otherPerson.visitId])).toHaveLength(4);
    expect(await eventsOf([otherAccount.visitId])).toHaveLength(5);
    expect(await visitsOf([otherPerson.visitId, otherAccount.visitId])).toHaveLength(2);
    const remainingDeliveries = await db()
      .select({ id: leadDeliveries.id })
      .from(leadDeliveries)
      .where(inArray(leadDeliveries.id, [othersDelivery, strangersDelivery]));
    expect(remainingDeliveries).toHaveLength(2);

    // The daily counters name nobody: they stay as they were.
    const [kept] = await db().select().from(analyticsCounters).where(eq(analyticsCounters.quizId, firstQuiz));
    expect(kept?.value).toBe(2);

    // Nothing of the person is left to erase a second time.
    const again = await erase(owner, 'ada.lovelace@example.com');
    expect(again.statusCode).toBe(404);
  });

  it('records an audit entry with the counts and the user, and no address', async () => {
    const quizId = await quizWithOutcomes(db(), owner);
    await leadWithVisit(owner, quizId, 'audit.me@example.com', 1);
    expect((await erase(owner, 'audit.me@example.com')).data()).toEqual({
      leads: 1,
      events: 1,
      deliveries: 0,
    });

    const entries = await db().select().from(dataErasures).where(eq(dataErasures.accountId, owner.accountId));
    const entry = entries.find((row) => row.leads === 1 && row.events === 1 && row.deliveries === 0);
    expect(entry).toMatchObject({ accountId: owner.accountId, userId: owner.userId });
    expect(JSON.stringify(entries)).not.toMatch(/audit\.me|ada\.lovelace/i);
    expect(
      await db().select().from(dataErasures).where(eq(dataErasures.accountId, stranger.accountId)),
    ).toEqual([]);
  });

  it('says so when the account has no lead with the address, and records nothing', async () => {
    const quizId = await quizWithOutcomes(db(), stranger);
    // Only another account has this address: the caller learns nothing of it and erases nothing.
    const theirs = await leadWithVisit(stranger, quizId, 'only.theirs@example.com', 1);
    const before = await db().select().from(dataErasures);

    const answer = await erase(owner, 'only.theirs@example.com');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ error: NO_LEADS_WITH_EMAIL_TEXT, code: 'not_found' });
    expect(await leadsOf([theirs.leadId])).toHaveLength(1);
    expect(await db().select().from(dataErasures)).toHaveLength(before.length);
  });

  it('refuses an address that is not valid with 400', async () => {
    for (const email of ['not-an-email', '', 'ada@localhost', 'a'.repeat(400)]) {
      const answer = await erase(owner, email);
      expect(answer.statusCode, email).toBe(400);
      expect(answer.body, email).toContain(INVALID_EMAIL_TEXT);
    }
    const missing = await owner.send(eraseVisitorEndpoint, { body: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('answers 401 signed out and erases nothing', async () => {
    const quizId = await quizWithOutcomes(db(), owner);
    const kept = await leadWithVisit(owner, quizId, 'signed.out@example.com', 1);
    const answer = await endpointCaller(t.app, {})(eraseVisitorEndpoint, {
      body: { email: 'signed.out@example.com' },
    });
    expect(answer.statusCode).toBe(401);
    expect(await leadsOf([kept.leadId])).toHaveLength(1);
  });

  it('limits erasures per account, so addresses cannot be tried one after another', async () => {
    const prober = await t.signIn();
    for (let index = 0; index < ERASURES_PER_ACCOUNT.max; index += 1) {
      expect((await erase(prober, `nobody${index}@example.com`)).statusCode).toBe(404);
    }
    const refused = await erase(prober, 'one.more@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another account's erasures are counted apart.
    expect((await erase(owner, 'still.nobody@example.com')).statusCode).toBe(404);
  });
});
