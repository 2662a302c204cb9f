import { deliveryAlerts } from '@quizbeam/db/deliverySchema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addWebhook,
  deliveriesOfLead,
  eventually,
  htmlFormTo,
  publishCaptureQuiz,
  useDeliveryHarness,
} from '../../testing/deliveries';
import { APP_ORIGIN } from '../../testing/testApp';
import { resendDelivery, resendFailedDeliveries } from './resend';
import { DEFAULT_RETRY_POLICY } from './retrySchedule';

const h = useDeliveryHarness();

describe('deliveries written with the lead', () => {
  it('writes one delivery per destination in the lead statement, skipping deleted webhooks, and delivers them', async () => {
    const account = await h.t.signIn();
    const form = await h.endpoint();
    const hook = await h.endpoint();
    const webhookId = await addWebhook(h.t, account.accountId, `${hook.url}/hook`, 'Our CRM');
    const deletedWebhookId = crypto.randomUUID();
    const { quiz, postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo(`${form.url}/subscribe`),
      webhookIds: [webhookId, deletedWebhookId],
    });
    const leadId = await postLead('ada@example.com');

    // Committed before the visitor's 200, with the lead.
    const deliveries = await deliveriesOfLead(h.t, leadId);
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
    expect(await h.leadStatus(leadId)).toBe('pending');

    expect(await h.worker().runOnce()).toBe(2);
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
    expect((await deliveriesOfLead(h.t, leadId)).map((delivery) => delivery.state)).toEqual([
      'delivered',
      'delivered',
    ]);
    expect(await h.leadStatus(leadId)).toBe('delivered');
    const [attempt] = await h.attemptsOf(webhookDelivery?.id ?? '');
    expect(attempt).toMatchObject({ statusCode: 200, error: null, responseExcerpt: 'ok' });
  });

  it('writes none when no destination is chosen', async () => {
    const account = await h.t.signIn();
    const { postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'html-form',
      htmlFormSettings: null,
    });
    const leadId = await postLead('none@example.com');
    expect(await deliveriesOfLead(h.t, leadId)).toEqual([]);
    expect(await h.leadStatus(leadId)).toBe('not_needed');
  });

  it('delivers at once when the server stores a lead, without waiting for a poll', async () => {
    const account = await h.t.signIn();
    const form = await h.endpoint();
    const { postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo(`${form.url}/subscribe`),
    });
    // More leads than the worker takes at once: a finished attempt claims the next ones.
    const running = h.worker({ now: () => new Date(), pollIntervalMs: 3_600_000, concurrency: 2 });
    running.start();
    try {
      const leadIds = await Promise.all([1, 2, 3, 4, 5].map((n) => postLead(`prompt${n}@example.com`)));
      await eventually(async () => {
        const states = await Promise.all(leadIds.map(async (leadId) => (await h.onlyDelivery(leadId)).state));
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
    const account = await h.t.signIn();
    const form = await h.endpoint((_request, index) =>
      index === 0 ? { status: 500, body: 'database down' } : { status: 200, body: 'thanks' },
    );
    const { postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo(`${form.url}/subscribe`),
    });
    const leadId = await postLead('retry@example.com');
    const w = h.worker();
    await w.runOnce();
    const retrying = await h.onlyDelivery(leadId);
    expect(retrying).toMatchObject({ state: 'retrying', attempts: 1, lockedUntil: null });
    // One minute's ceiling, jitter at its middle: 45 s.
    expect(retrying.nextAttemptAt.getTime()).toBe(h.clock.getTime() + 45_000);
    expect(await w.runOnce()).toBe(0);

    h.advance(45_000);
    expect(await w.runOnce()).toBe(1);
    expect(await h.onlyDelivery(leadId)).toMatchObject({ state: 'delivered', attempts: 2, lastError: null });
    expect(
      (await h.attemptsOf(retrying.id)).map(({ statusCode, responseExcerpt }) => ({
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
    const account = await h.t.signIn();
    const form = await h.endpoint((_request, index) =>
      index === 0 ? { status: 429, headers: { 'retry-after': '600' } } : { status: 200 },
    );
    const { postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo(`${form.url}/subscribe`),
    });
    const leadId = await postLead('slow-down@example.com');
    const w = h.worker();
    await w.runOnce();
    const waiting = await h.onlyDelivery(leadId);
    expect(waiting).toMatchObject({ state: 'retrying', attempts: 1 });
    expect(waiting.nextAttemptAt.getTime()).toBe(h.clock.getTime() + 600_000);

    h.advance(599_000);
    expect(await w.runOnce()).toBe(0);
    h.advance(1_000);
    expect(await w.runOnce()).toBe(1);
    expect(await h.onlyDelivery(leadId)).toMatchObject({ state: 'delivered', attempts: 2 });
  });

  it('fails when the retries are exhausted', async () => {
    const account = await h.t.signIn();
    const form = await h.endpoint(() => ({ status: 503 }));
    const { postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo(`${form.url}/subscribe`),
    });
    const leadId = await postLead('down@example.com');
    const w = h.worker({ retryPolicy: { ...DEFAULT_RETRY_POLICY, minAttempts: 3, minRetryWindowMs: 0 } });
    for (let round = 0; round < 3; round += 1) {
      expect(await w.runOnce()).toBe(1);
      h.advance(DEFAULT_RETRY_POLICY.maxDelayMs);
    }
    expect(await h.onlyDelivery(leadId)).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: expect.stringContaining('503'),
    });
    expect(await w.runOnce()).toBe(0);
    expect(form.received).toHaveLength(3);
    expect(await h.leadStatus(leadId)).toBe('failed');
  });
});

describe('a refused delivery', () => {
  it('fails a 400 at once, alerts by email once a day per destination, and is resent on request', async () => {
    const account = await h.t.signIn();
    let accepting = false;
    const form = await h.endpoint(() =>
      accepting ? { status: 200 } : { status: 400, body: 'unknown list' },
    );
    const { quiz, postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo(`${form.url}/subscribe`),
    });
    const first = await postLead('refused@example.com');
    const mailsBefore = h.t.outbox().length;
    const w = h.worker();
    await w.runOnce();
    const failed = await h.onlyDelivery(first);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed.finishedAt).not.toBeNull();
    const [alert] = await h.t.database.db
      .select()
      .from(deliveryAlerts)
      .where(eq(deliveryAlerts.accountId, account.accountId));
    expect(alert).toMatchObject({ destinationKey: failed.destinationKey, dismissedAt: null });
    expect(alert?.lastFailedAt.getTime()).toBe(h.clock.getTime());

    const mails = await h.t.waitForOutbox(mailsBefore + 1);
    const mail = (mails.at(-1) ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(mail).toContain(`To: ${account.email}`);
    expect(mail).toContain(`${APP_ORIGIN}/quizzes/${quiz.id}/leads`);
    expect(mail).toContain('1 lead is waiting');

    // A second failure the same day raises the alert again but sends no second email.
    const second = await postLead('refused-too@example.com');
    h.advance(60_000);
    await w.runOnce();
    expect(await h.onlyDelivery(second)).toMatchObject({ state: 'failed' });
    const [raisedAgain] = await h.t.database.db
      .select()
      .from(deliveryAlerts)
      .where(eq(deliveryAlerts.accountId, account.accountId));
    expect(raisedAgain?.lastFailedAt.getTime()).toBe(h.clock.getTime());
    expect(h.t.outbox()).toHaveLength(mailsBefore + 1);
    expect(form.received).toHaveLength(2);

    // Resend: another account's ids change nothing; the owner's requeue starts a fresh round and hides the banner.
    const stranger = await h.t.signIn();
    expect(await resendDelivery(h.t.database.db, stranger.accountId, failed.id)).toBe(0);
    expect(await resendFailedDeliveries(h.t.database.db, stranger.accountId, quiz.id)).toBe(0);
    accepting = true;
    expect(await resendDelivery(h.t.database.db, account.accountId, failed.id)).toBe(1);
    expect(await h.onlyDelivery(first)).toMatchObject({ state: 'pending', attempts: 0, finishedAt: null });
    expect(await h.leadStatus(first)).toBe('pending');
    const [dismissed] = await h.t.database.db
      .select()
      .from(deliveryAlerts)
      .where(eq(deliveryAlerts.accountId, account.accountId));
    expect(dismissed?.dismissedAt).not.toBeNull();
    expect(await resendFailedDeliveries(h.t.database.db, account.accountId, quiz.id)).toBe(1);

    h.advance(1_000);
    expect(await w.runOnce()).toBe(2);
    expect(await h.onlyDelivery(first)).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(await h.onlyDelivery(second)).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(await h.leadStatus(first)).toBe('delivered');
    // A delivered delivery is not resent.
    expect(await resendDelivery(h.t.database.db, account.accountId, failed.id)).toBe(0);
  });
});
