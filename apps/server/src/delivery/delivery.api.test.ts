import { deliveryAlerts, deliveryAttempts, leadDeliveries } from '@quizbeam/db/deliverySchema';
import { leads } from '@quizbeam/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISH_ORIGIN } from '../modules/publishedSite/publishingTestSupport';
import { createGuardedHttpClient } from '../outbound/guardedHttpClient';
import { defaultRateLimits } from '../security/rateLimiter';
import { APP_ORIGIN, startTestApp, type TestApp } from '../testing/testApp';
import { claimDueDeliveries, finishAttempt } from './deliveryLedger';
import {
  addWebhook,
  deliveriesOfLead,
  eventually,
  htmlFormTo,
  type LocalEndpoint,
  publishCaptureQuiz,
  startLocalEndpoint,
} from './deliveryTestSupport';
import { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerOptions } from './deliveryWorker';
import { resendDelivery, resendFailedDeliveries } from './resend';
import { DEFAULT_RETRY_POLICY } from './retrySchedule';
import { sendDelivery } from './senders/sendDelivery';
import { createWebhookLoader } from './senders/webhookLoader';

let t: TestApp;
const endpoints: LocalEndpoint[] = [];
const http = createGuardedHttpClient({ allowedHosts: [{ host: '127.0.0.1', port: null }] });
/** The workers' clock: tests move it on instead of waiting; it never runs behind the database's. */
let clock = new Date();
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const catchUp = () => {
  clock = new Date(Math.max(clock.getTime(), Date.now()));
};

beforeAll(async () => {
  const manyLeads = { max: 100_000, windowMs: 10_000 };
  t = await startTestApp(
    { APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN },
    { rateLimits: { ...defaultRateLimits, leadsPerIp: manyLeads, leadsPerQuiz: manyLeads } },
  );
});
afterAll(async () => {
  await Promise.all(endpoints.map((endpoint) => endpoint.close()));
  await http.close();
  await t.close();
});

async function endpoint(answer?: LocalEndpoint['answer']): Promise<LocalEndpoint> {
  const started = await startLocalEndpoint(answer);
  endpoints.push(started);
  return started;
}

/** A worker with the real senders, the test's clock and no randomness (jitter at its middle). */
function worker(overrides: Partial<DeliveryWorkerOptions> = {}): DeliveryWorker {
  const loadWebhook = createWebhookLoader(t.database.db, t.context.secretBox);
  const created = createDeliveryWorker({
    db: t.database.db,
    send: (delivery, lead) => sendDelivery(delivery, lead, { http, loadWebhook }),
    alerts: { mailer: t.context.mailer, appUrl: APP_ORIGIN, basePath: '' },
    now: () => clock,
    random: () => 0.5,
    log: () => {},
    ...overrides,
  });
  return {
    ...created,
    runOnce() {
      catchUp();
      return created.runOnce();
    },
  };
}

const attemptsOf = (deliveryId: string) =>
  t.database.db
    .select()
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.deliveryId, deliveryId))
    .orderBy(asc(deliveryAttempts.id));

async function onlyDelivery(leadId: string) {
  const [delivery, ...others] = await deliveriesOfLead(t, leadId);
  expect(others).toEqual([]);
  if (!delivery) throw new Error('no delivery');
  return delivery;
}

async function leadStatus(leadId: string) {
  const [lead] = await t.database.db.select().from(leads).where(eq(leads.id, leadId));
  return lead?.deliveryStatus;
}

describe('deliveries written with the lead', () => {
  it('writes one delivery per destination in the lead statement, skipping deleted webhooks, and delivers them', async () => {
    const account = await t.signIn();
    const form = await endpoint();
    const hook = await endpoint();
    const webhookId = await addWebhook(t, account.accountId, `${hook.url}/hook`, 'Our CRM');
    const deletedWebhookId = crypto.randomUUID();
    const { quiz, postLead } = await publishCaptureQuiz(t, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo(`${form.url}/subscribe`),
      webhookIds: [webhookId, deletedWebhookId],
    });
    const leadId = await postLead('ada@example.com');

    // Committed before the visitor's 200, with the lead.
    const deliveries = await deliveriesOfLead(t, leadId);
    expect(
      deliveries.map(({ destinationType, destinationName, state, attempts, quizId, accountId }) => ({
        destinationType,
        destinationName,
        state,
        attempts,
        quizId,
        accountId,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          destinationType: 'html-form',
          destinationName: `HTML form (${new URL(form.url).host})`,
          state: 'pending',
          attempts: 0,
          quizId: quiz.id,
          accountId: account.accountId,
        },
        {
          destinationType: 'webhook',
          destinationName: 'Our CRM',
          state: 'pending',
          attempts: 0,
          quizId: quiz.id,
          accountId: account.accountId,
        },
      ]),
    );
    expect(deliveries).toHaveLength(2);
    for (const delivery of deliveries) {
      expect(delivery.idempotencyKey).toBe(`${leadId}:${delivery.destinationKey}`);
    }
    expect(deliveries.find((delivery) => delivery.destinationType === 'webhook')?.destinationKey).toBe(
      `webhook:${webhookId}`,
    );
    expect(await leadStatus(leadId)).toBe('pending');

    expect(await worker().runOnce()).toBe(2);
    expect(form.received).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(form.received[0]?.body))).toEqual({
      EMAIL: 'ada@example.com',
      FNAME: 'Ada Lovelace',
      list: 'quiz-leads',
    });
    const webhookDelivery = deliveries.find((delivery) => delivery.destinationType === 'webhook');
    expect(hook.received[0]?.headers['webhook-id']).toBe(webhookDelivery?.idempotencyKey);
    expect(JSON.parse(hook.received[0]?.body ?? '{}')).toMatchObject({
      type: 'lead.created',
      data: { leadId, email: 'ada@example.com', quizId: quiz.id },
    });
    expect((await deliveriesOfLead(t, leadId)).map((delivery) => delivery.state)).toEqual([
      'delivered',
      'delivered',
    ]);
    expect(await leadStatus(leadId)).toBe('delivered');
    const [attempt] = await attemptsOf(webhookDelivery?.id ?? '');
    expect(attempt).toMatchObject({ statusCode: 200, error: null, responseExcerpt: 'ok' });
  });

  it('writes none when no destination is chosen', async () => {
    const account = await t.signIn();
    const { postLead } = await publishCaptureQuiz(t, account, { type: 'html-form', htmlFormSettings: null });
    const leadId = await postLead('none@example.com');
    expect(await deliveriesOfLead(t, leadId)).toEqual([]);
    expect(await leadStatus(leadId)).toBe('not_needed');
  });

  it('delivers at once when the server stores a lead, without waiting for a poll', async () => {
    const account = await t.signIn();
    const form = await endpoint();
    const { postLead } = await publishCaptureQuiz(t, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo(`${form.url}/subscribe`),
    });
    // More leads than the worker takes at once: a finished attempt claims the next ones.
    const running = worker({ now: () => new Date(), pollIntervalMs: 3_600_000, concurrency: 2 });
    running.start();
    try {
      const leadIds = await Promise.all([1, 2, 3, 4, 5].map((n) => postLead(`prompt${n}@example.com`)));
      await eventually(async () => {
        const states = await Promise.all(leadIds.map(async (leadId) => (await onlyDelivery(leadId)).state));
        return states.every((state) => state === 'delivered') ? true : undefined;
      }, 'deliveries');
      expect(form.received).toHaveLength(5);
    } finally {
      await running.stop();
    }
  });
});

describe('retries', () => {
  it('retries a 500, then delivers', async () => {
    const account = await t.signIn();
    const form = await endpoint((_request, index) =>
      index === 0 ? { status: 500, body: 'database down' } : { status: 200, body: 'thanks' },
    );
    const { postLead } = await publishCaptureQuiz(t, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo(`${form.url}/subscribe`),
    });
    const leadId = await postLead('retry@example.com');
    const w = worker();
    await w.runOnce();
    const retrying = await onlyDelivery(leadId);
    expect(retrying).toMatchObject({ state: 'retrying', attempts: 1, lockedUntil: null });
    // One minute's ceiling, jitter at its middle: 45 s.
    expect(retrying.nextAttemptAt.getTime()).toBe(clock.getTime() + 45_000);
    expect(await w.runOnce()).toBe(0);

    advance(45_000);
    expect(await w.runOnce()).toBe(1);
    expect(await onlyDelivery(leadId)).toMatchObject({ state: 'delivered', attempts: 2, lastError: null });
    expect(
      (await attemptsOf(retrying.id)).map(({ statusCode, responseExcerpt }) => ({
        statusCode,
        responseExcerpt,
      })),
    ).toEqual([
      { statusCode: 500, responseExcerpt: 'database down' },
      { statusCode: 200, responseExcerpt: 'thanks' },
    ]);
    expect(form.received).toHaveLength(2);
  });

  it('waits as long as a 429 Retry-After asks', async () => {
    const account = await t.signIn();
    const form = await endpoint((_request, index) =>
      index === 0 ? { status: 429, headers: { 'retry-after': '600' } } : { status: 200 },
    );
    const { postLead } = await publishCaptureQuiz(t, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo(`${form.url}/subscribe`),
    });
    const leadId = await postLead('slow-down@example.com');
    const w = worker();
    await w.runOnce();
    const waiting = await onlyDelivery(leadId);
    expect(waiting).toMatchObject({ state: 'retrying', attempts: 1 });
    expect(waiting.nextAttemptAt.getTime()).toBe(clock.getTime() + 600_000);

    advance(599_000);
    expect(await w.runOnce()).toBe(0);
    advance(1_000);
    expect(await w.runOnce()).toBe(1);
    expect(await onlyDelivery(leadId)).toMatchObject({ state: 'delivered', attempts: 2 });
  });

  it('fails when the retries are exhausted', async () => {
    const account = await t.signIn();
    const form = await endpoint(() => ({ status: 503 }));
    const { postLead } = await publishCaptureQuiz(t, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo(`${form.url}/subscribe`),
    });
    const leadId = await postLead('down@example.com');
    const w = worker({ retryPolicy: { ...DEFAULT_RETRY_POLICY, minAttempts: 3, minRetryWindowMs: 0 } });
    for (let round = 0; round < 3; round += 1) {
      expect(await w.runOnce()).toBe(1);
      advance(DEFAULT_RETRY_POLICY.maxDelayMs);
    }
    expect(await onlyDelivery(leadId)).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: expect.stringContaining('503'),
    });
    expect(await w.runOnce()).toBe(0);
    expect(form.received).toHaveLength(3);
    expect(await leadStatus(leadId)).toBe('failed');
  });
});

describe('a refused delivery', () => {
  it('fails a 400 at once, alerts by email once a day per destination, and is resent on request', async () => {
    const account = await t.signIn();
    let accepting = false;
    const form = await endpoint(() => (accepting ? { status: 200 } : { status: 400, body: 'unknown list' }));
    const { quiz, postLead } = await publishCaptureQuiz(t, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo(`${form.url}/subscribe`),
    });
    const first = await postLead('refused@example.com');
    const mailsBefore = t.outbox().length;
    const w = worker();
    await w.runOnce();
    const failed = await onlyDelivery(first);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed.finishedAt).not.toBeNull();
    const [alert] = await t.database.db
      .select()
      .from(deliveryAlerts)
      .where(eq(deliveryAlerts.accountId, account.accountId));
    expect(alert).toMatchObject({ destinationKey: failed.destinationKey, dismissedAt: null });
    expect(alert?.lastFailedAt.getTime()).toBe(clock.getTime());

    const mails = await t.waitForOutbox(mailsBefore + 1);
    const mail = (mails.at(-1) ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(mail).toContain(`To: ${account.email}`);
    expect(mail).toContain(`${APP_ORIGIN}/quizzes/${quiz.id}/leads`);
    expect(mail).toContain('1 lead is waiting');

    // A second failure the same day raises the alert again but sends no second email.
    const second = await postLead('refused-too@example.com');
    advance(60_000);
    await w.runOnce();
    expect(await onlyDelivery(second)).toMatchObject({ state: 'failed' });
    const [raisedAgain] = await t.database.db
      .select()
      .from(deliveryAlerts)
      .where(eq(deliveryAlerts.accountId, account.accountId));
    expect(raisedAgain?.lastFailedAt.getTime()).toBe(clock.getTime());
    expect(t.outbox()).toHaveLength(mailsBefore + 1);
    expect(form.received).toHaveLength(2);

    // Resend: another account's ids change nothing; the owner's requeue starts a fresh round and hides the banner.
    const stranger = await t.signIn();
    expect(await resendDelivery(t.database.db, stranger.accountId, failed.id)).toBe(0);
    expect(await resendFailedDeliveries(t.database.db, stranger.accountId, quiz.id)).toBe(0);
    accepting = true;
    expect(await resendDelivery(t.database.db, account.accountId, failed.id)).toBe(1);
    expect(await onlyDelivery(first)).toMatchObject({ state: 'pending', attempts: 0, finishedAt: null });
    expect(await leadStatus(first)).toBe('pending');
    const [dismissed] = await t.database.db
      .select()
      .from(deliveryAlerts)
      .where(eq(deliveryAlerts.accountId, account.accountId));
    expect(dismissed?.dismissedAt).not.toBeNull();
    expect(await resendFailedDeliveries(t.database.db, account.accountId, quiz.id)).toBe(1);

    advance(1_000);
    expect(await w.runOnce()).toBe(2);
    expect(await onlyDelivery(first)).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(await onlyDelivery(second)).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(await leadStatus(first)).toBe('delivered');
    // A delivered delivery is not resent.
    expect(await resendDelivery(t.database.db, account.accountId, failed.id)).toBe(0);
  });
});

describe('a worker that dies mid-delivery', () => {
  it('leaves the delivery to be claimed again once its lease has passed, and it is recorded once', async () => {
    const account = await t.signIn();
    const form = await endpoint();
    const { postLead } = await publishCaptureQuiz(t, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo(`${form.url}/subscribe`),
    });
    const leadId = await postLead('crash@example.com');
    const leaseMs = 60_000;
    // The first worker claims the delivery and dies before recording anything.
    catchUp();
    const [abandoned, ...others] = await claimDueDeliveries(t.database.db, {
      now: clock,
      leaseMs,
      limit: 10,
      destinationTypes: ['html-form'],
    });
    expect(others).toEqual([]);
    expect(abandoned?.leadId).toBe(leadId);

    const w = worker({ leaseMs });
    advance(leaseMs - 1);
    expect(await w.runOnce()).toBe(0);
    advance(2);
    expect(await w.runOnce()).toBe(1);
    expect(await onlyDelivery(leadId)).toMatchObject({ state: 'delivered', attempts: 1 });

    // The dead worker's late answer cannot finish the delivery a second time.
    if (!abandoned) throw new Error('no claim');
    const late = await finishAttempt(
      t.database.db,
      abandoned,
      { startedAt: clock, durationMs: 1, statusCode: 200, error: null, responseExcerpt: null },
      { state: 'delivered' },
      clock,
    );
    expect(late).toBe(false);
    const delivery = await onlyDelivery(leadId);
    expect(await attemptsOf(delivery.id)).toHaveLength(1);
    expect(form.received).toHaveLength(1);
  });

  it('never claims what another worker holds', async () => {
    const account = await t.signIn();
    const form = await endpoint();
    const { postLead } = await publishCaptureQuiz(t, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo(`${form.url}/subscribe`),
    });
    const leadIds = await Promise.all(['a', 'b', 'c'].map((name) => postLead(`${name}@example.com`)));
    catchUp();
    const claim = () =>
      claimDueDeliveries(t.database.db, {
        now: clock,
        leaseMs: 60_000,
        limit: 2,
        destinationTypes: ['html-form'],
      });
    const [one, two, three] = await Promise.all([claim(), claim(), claim()]);
    const claimedIds = [...(one ?? []), ...(two ?? []), ...(three ?? [])].map((delivery) => delivery.leadId);
    expect(claimedIds.sort()).toEqual([...leadIds].sort());
    await t.database.db
      .update(leadDeliveries)
      .set({ lockedUntil: null })
      .where(and(eq(leadDeliveries.quizId, (await onlyDelivery(leadIds[0] ?? '')).quizId)));
    await worker().runOnce();
    expect(form.received).toHaveLength(3);
  });
});
