import {
  deleteLeadEndpoint,
  dismissDeliveryAlertEndpoint,
  leadAttemptsEndpoint,
  leadsCsvEndpoint,
  listDeliveryAlertsEndpoint,
  listLeadsEndpoint,
  resendDeliveryEndpoint,
  resendFailedDeliveriesEndpoint,
} from '@quizbeam/contracts/leads';
import { deliveryAttempts, leadDeliveries } from '@quizbeam/db/deliverySchema';
import { leads } from '@quizbeam/db/schema';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertAttempt,
  insertDelivery,
  insertLead,
  quizWithOutcomes,
  recordFailure,
} from '../../testing/leads';
import { endpointCaller, type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';

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
const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 12, minute, 0));

async function stateOf(deliveryId: string) {
  const [row] = await db().select().from(leadDeliveries).where(eq(leadDeliveries.id, deliveryId));
  return row;
}

describe('the Leads list', () => {
  it('lists leads newest first with outcome, UTM source and deliveries, paged without gaps or repeats', async () => {
    const quizId = await quizWithOutcomes(db(), owner, [{ id: 7, name: 'Night Owl' }]);
    const newest = await insertLead(db(), owner, quizId, {
      email: 'ada@example.com',
      name: 'Ada',
      outcomeId: 7,
      score: 4,
      urlFields: { utm_source: 'news', utm_medium: 'email' },
      consent: true,
      createdAt: at(59),
    });
    const gone = await insertLead(db(), owner, quizId, { outcomeId: 99, createdAt: at(58) });
    const failed = await insertDelivery(db(), owner, quizId, newest, {
      state: 'failed',
      attempts: 10,
      lastError: 'HTTP 500',
    });
    await insertDelivery(db(), owner, quizId, newest, {
      state: 'retrying',
      destinationName: 'HTML form (forms.example)',
      attempts: 2,
    });
    // Sixty more in the same minute: the order and the pages must settle ties by id.
    const sameTime = await Promise.all(
      Array.from({ length: 60 }, () => insertLead(db(), owner, quizId, { createdAt: at(1) })),
    );
    const otherQuiz = await quizWithOutcomes(db(), owner);
    await insertLead(db(), owner, otherQuiz, { createdAt: at(59) });

    const first = (
      await owner.send(listLeadsEndpoint, { params: { account: owner.accountId, id: quizId } })
    ).data();
    expect(first.leads).toHaveLength(50);
    expect(first.leads[0]).toEqual({
      id: newest,
      email: 'ada@example.com',
      name: 'Ada',
      outcome: { id: 7, title: 'Night Owl' },
      score: 4,
      // A general quiz's lead, written without answers: no percentage, nothing to label.
      percent: 0,
      answers: [],
      categories: [],
      fields: [],
      createdAt: at(59).toISOString(),
      utmSource: 'news',
      urlFields: { utm_source: 'news', utm_medium: 'email' },
      urlFieldsCut: [],
      consent: true,
      deliveries: [
        {
          id: failed,
          destinationName: 'CRM webhook',
          destinationType: 'webhook',
          state: 'failed',
          attempts: 10,
          lastError: 'HTTP 500',
          nextAttemptAt: null,
        },
        expect.objectContaining({
          state: 'retrying',
          attempts: 2,
          nextAttemptAt: '2030-01-01T00:00:00.000Z',
        }),
      ],
    });
    expect(first.leads[1]).toMatchObject({ id: gone, outcome: { id: 99, title: null }, utmSource: null });
    expect(first.nextCursor).not.toBeNull();

    const second = (
      await owner.send(listLeadsEndpoint, {
        params: { account: owner.accountId, id: quizId },
        query: { cursor: first.nextCursor ?? '' },
      })
    ).data();
    expect(second.leads).toHaveLength(12);
    expect(second.nextCursor).toBeNull();
    const listed = [...first.leads, ...second.leads].map((lead) => lead.id);
    expect(listed.slice(2).sort()).toEqual([...sameTime].sort());
    // Within the same time, the larger id first.
    expect(listed.slice(2)).toEqual([...sameTime].sort().reverse());

    const small = (
      await owner.send(listLeadsEndpoint, {
        params: { account: owner.accountId, id: quizId },
        query: { limit: '200' },
      })
    ).data();
    expect(small.leads).toHaveLength(62);
  });

  it('filters by delivery state, and refuses a page size over 200 or a made-up cursor', async () => {
    const quizId = await quizWithOutcomes(db(), owner);
    const withFailure = await insertLead(db(), owner, quizId, { createdAt: at(2) });
    await insertDelivery(db(), owner, quizId, withFailure, { state: 'delivered' });
    await insertDelivery(db(), owner, quizId, withFailure, { state: 'failed' });
    const delivered = await insertLead(db(), owner, quizId, { createdAt: at(3) });
    await insertDelivery(db(), owner, quizId, delivered, { state: 'delivered' });
    await insertLead(db(), owner, quizId, { createdAt: at(4) });
    const params = { account: owner.accountId, id: quizId };

    const failedOnly = (await owner.send(listLeadsEndpoint, { params, query: { state: 'failed' } })).data();
    expect(failedOnly.leads.map((lead) => lead.id)).toEqual([withFailure]);
    expect(failedOnly.leads[0]?.deliveries.map((delivery) => delivery.state).sort()).toEqual([
      'delivered',
      'failed',
    ]);
    const deliveredOnes = (
      await owner.send(listLeadsEndpoint, { params, query: { state: 'delivered' } })
    ).data();
    expect(deliveredOnes.leads.map((lead) => lead.id)).toEqual([delivered, withFailure]);

    expect((await owner.send(listLeadsEndpoint, { params, query: { limit: '201' } })).statusCode).toBe(400);
    expect((await owner.send(listLeadsEndpoint, { params, query: { state: 'lost' } })).statusCode).toBe(400);
    const madeUp = await owner.send(listLeadsEndpoint, { params, query: { cursor: 'bm90IGEgY3Vyc29y' } });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('is open to limited accounts', async () => {
    const limited = await t.signIn({ isLimited: true });
    const quizId = await quizWithOutcomes(db(), limited);
    const leadId = await insertLead(db(), limited, quizId);
    const params = { account: limited.accountId, id: quizId };
    expect((await limited.send(listLeadsEndpoint, { params })).data().leads).toHaveLength(1);
    expect((await limited.send(leadsCsvEndpoint, { params })).statusCode).toBe(200);
    expect((await limited.send(leadAttemptsEndpoint, { params: { ...params, leadId } })).statusCode).toBe(
      200,
    );
    expect(
      (await limited.send(listDeliveryAlertsEndpoint, { params: { account: limited.accountId } })).data(),
    ).toEqual([]);
  });
});

describe('a lead and its deliveries', () => {
  it("shows each delivery's attempts, oldest first", async () => {
    const quizId = await quizWithOutcomes(db(), owner);
    const leadId = await insertLead(db(), owner, quizId);
    const webhook = await insertDelivery(db(), owner, quizId, leadId, { state: 'delivered', attempts: 2 });
    const form = await insertDelivery(db(), owner, quizId, leadId, {
      state: 'pending',
      destinationName: 'HTML form (forms.example)',
    });
    await insertAttempt(db(), webhook, {
      startedAt: at(11),
      statusCode: 200,
      responseExcerpt: '{"ok":true}',
    });
    await insertAttempt(db(), webhook, {
      startedAt: at(10),
      statusCode: null,
      error: 'Timed out after 10 s',
    });

    const answer = (
      await owner.send(leadAttemptsEndpoint, { params: { account: owner.accountId, id: quizId, leadId } })
    ).data();
    expect(answer.deliveries.map((delivery) => delivery.id)).toEqual([webhook, form]);
    expect(answer.deliveries[0]?.attemptLog).toEqual([
      {
        id: expect.any(Number),
        startedAt: at(10).toISOString(),
        durationMs: 120,
        statusCode: null,
        error: 'Timed out after 10 s',
        responseExcerpt: null,
      },
      expect.objectContaining({
        startedAt: at(11).toISOString(),
        statusCode: 200,
        responseExcerpt: '{"ok":true}',
      }),
    ]);
    expect(answer.deliveries[1]?.attemptLog).toEqual([]);

    // A lead of another of the account's quizzes is not found under this one.
    const otherQuiz = await quizWithOutcomes(db(), owner);
    const elsewhere = await owner.send(leadAttemptsEndpoint, {
      params: { account: owner.accountId, id: otherQuiz, leadId },
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('resends a failed delivery, tries a waiting one now, and refuses one a worker holds', async () => {
    const quizId = await quizWithOutcomes(db(), owner);
    const leadId = await insertLead(db(), owner, quizId);
    const failed = await insertDelivery(db(), owner, quizId, leadId, {
      state: 'failed',
      attempts: 10,
      lastError: 'HTTP 503',
    });
    const underWay = await insertDelivery(db(), owner, quizId, leadId, {
      state: 'retrying',
      lockedUntil: new Date('2030-01-01T00:00:00Z'),
    });
    const params = { account: owner.accountId, id: quizId };

    const resent = (
      await owner.send(resendDeliveryEndpoint, { params: { ...params, deliveryId: failed } })
    ).data();
    expect(resent).toMatchObject({ id: failed, state: 'pending', attempts: 0, lastError: 'HTTP 503' });
    const [due] = await db()
      .select({
        due: sql<boolean>`${leadDeliveries.nextAttemptAt} <= now()`,
        lockedUntil: leadDeliveries.lockedUntil,
        finishedAt: leadDeliveries.finishedAt,
      })
      .from(leadDeliveries)
      .where(eq(leadDeliveries.id, failed));
    expect(due).toEqual({ due: true, lockedUntil: null, finishedAt: null });

    const waiting = await insertDelivery(db(), owner, quizId, leadId, {
      state: 'retrying',
      attempts: 4,
    });
    const triedNow = (
      await owner.send(resendDeliveryEndpoint, { params: { ...params, deliveryId: waiting } })
    ).data();
    expect(triedNow).toMatchObject({ id: waiting, state: 'retrying', attempts: 4 });
    const [waitingDue] = await db()
      .select({ due: sql<boolean>`${leadDeliveries.nextAttemptAt} <= now()` })
      .from(leadDeliveries)
      .where(eq(leadDeliveries.id, waiting));
    expect(waitingDue?.due).toBe(true);

    const refused = await owner.send(resendDeliveryEndpoint, { params: { ...params, deliveryId: underWay } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'conflict',
      error: expect.stringContaining('being sent right now'),
    });
    expect((await stateOf(underWay))?.lockedUntil).toEqual(new Date('2030-01-01T00:00:00Z'));

    const otherQuiz = await quizWithOutcomes(db(), owner);
    const wrongQuiz = await owner.send(resendDeliveryEndpoint, {
      params: { account: owner.accountId, id: otherQuiz, deliveryId: failed },
    });
    expect(wrongQuiz.statusCode).toBe(404);
  });

  it('resends all failed deliveries of that quiz only', async () => {
    const quizId = await quizWithOutcomes(db(), owner);
    const otherQuiz = await quizWithOutcomes(db(), owner);
    const leadId = await insertLead(db(), owner, quizId);
    const secondLead = await insertLead(db(), owner, quizId);
    const otherLead = await insertLead(db(), owner, otherQuiz);
    const failedOnes = [
      await insertDelivery(db(), owner, quizId, leadId, { state: 'failed' }),
      await insertDelivery(db(), owner, quizId, secondLead, { state: 'failed' }),
    ];
    const untouched = [
      await insertDelivery(db(), owner, quizId, leadId, { state: 'delivered' }),
      await insertDelivery(db(), owner, quizId, secondLead, { state: 'retrying' }),
      await insertDelivery(db(), owner, quizId, secondLead, { state: 'cancelled' }),
      await insertDelivery(db(), owner, otherQuiz, otherLead, { state: 'failed' }),
    ];

    const answer = await owner.send(resendFailedDeliveriesEndpoint, {
      params: { account: owner.accountId, id: quizId },
    });
    expect(answer.data()).toEqual({ resent: 2 });
    for (const id of failedOnes) expect((await stateOf(id))?.state).toBe('pending');
    expect(await Promise.all(untouched.map(async (id) => (await stateOf(id))?.state))).toEqual([
      'delivered',
      'retrying',
      'cancelled',
      'failed',
    ]);
  });

  it('deletes a lead with its deliveries and their attempts', async () => {
    const quizId = await quizWithOutcomes(db(), owner);
    const leadId = await insertLead(db(), owner, quizId);
    const kept = await insertLead(db(), owner, quizId);
    const deliveryId = await insertDelivery(db(), owner, quizId, leadId, { state: 'failed' });
    await insertAttempt(db(), deliveryId, { startedAt: at(5), statusCode: 500 });
    const params = { account: owner.accountId, id: quizId, leadId };

    expect((await owner.send(deleteLeadEndpoint, { params })).data()).toEqual({ ok: true });
    expect(await db().select().from(leads).where(eq(leads.id, leadId))).toEqual([]);
    expect(await db().select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId))).toEqual([]);
    expect(
      await db().select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, deliveryId)),
    ).toEqual([]);
    expect(await db().select({ id: leads.id }).from(leads).where(eq(leads.quizId, quizId))).toEqual([
      { id: kept },
    ]);
    expect((await owner.send(deleteLeadEndpoint, { params })).statusCode).toBe(404);
  });
});

describe('access', () => {
  it("answers 404 for another account's ids and 401 signed out, for every call", async () => {
    const quizId = await quizWithOutcomes(db(), owner);
    const leadId = await insertLead(db(), owner, quizId);
    const deliveryId = await insertDelivery(db(), owner, quizId, leadId, { state: 'failed' });
    await recordFailure(db(), owner, 'webhook:crm', at(40));
    const strangersQuiz = await quizWithOutcomes(db(), stranger);
    const calls = [
      { declaration: listLeadsEndpoint, params: { id: quizId } },
      { declaration: leadAttemptsEndpoint, params: { id: quizId, leadId } },
      { declaration: resendDeliveryEndpoint, params: { id: quizId, deliveryId } },
      { declaration: resendFailedDeliveriesEndpoint, params: { id: quizId } },
      { declaration: deleteLeadEndpoint, params: { id: quizId, leadId } },
      { declaration: leadsCsvEndpoint, params: { id: quizId } },
    ] as const;
    for (const { declaration, params } of calls) {
      // The owner's ids under the stranger's own account, and under the owner's account.
      const underOwnAccount = await stranger.send(declaration, {
        params: { account: stranger.accountId, ...params },
      });
      expect(underOwnAccount.statusCode, `${declaration.method} ${declaration.path}`).toBe(404);
      const underOwners = await stranger.send(declaration, {
        params: { account: owner.accountId, ...params },
      });
      expect(underOwners.statusCode, `${declaration.method} ${declaration.path}`).toBe(404);
      const signedOut = await endpointCaller(t.app, {})(declaration, {
        params: { account: owner.accountId, ...params },
      });
      expect(signedOut.statusCode, `${declaration.method} ${declaration.path}`).toBe(401);
    }
    // The stranger's own quiz does not reach the owner's lead or delivery either.
    expect(
      (
        await stranger.send(resendDeliveryEndpoint, {
          params: { account: stranger.accountId, id: strangersQuiz, deliveryId },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await stranger.send(deleteLeadEndpoint, {
          params: { account: stranger.accountId, id: strangersQuiz, leadId },
        })
      ).statusCode,
    ).toBe(404);
    for (const declaration of [listDeliveryAlertsEndpoint, dismissDeliveryAlertEndpoint]) {
      const input = { params: { account: owner.accountId }, body: { destinationKey: 'webhook:crm' } };
      expect((await stranger.send(declaration, input)).statusCode).toBe(404);
      expect((await endpointCaller(t.app, {})(declaration, input)).statusCode).toBe(401);
    }
    // Nothing of the owner's changed.
    expect((await stateOf(deliveryId))?.state).toBe('failed');
    expect(
      await db()
        .select({ id: leads.id })
        .from(leads)
        .where(inArray(leads.id, [leadId])),
    ).toHaveLength(1);
  });
});
