import { deliveryAttempts } from '@quizbeam/db/deliverySchema';
import { leads } from '@quizbeam/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { PUBLISH_ORIGIN } from '../modules/publishedSite/publishingTestSupport';
import { createGuardedHttpClient } from '../outbound/guardedHttpClient';
import { defaultRateLimits } from '../security/rateLimiter';
import { APP_ORIGIN, startTestApp, type TestApp } from '../testing/testApp';
import { deliveriesOfLead, type LocalEndpoint, startLocalEndpoint } from './deliveryTestSupport';
import { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerOptions } from './deliveryWorker';
import { type SendDeliveryDeps, sendDelivery } from './senders/sendDelivery';
import { createWebhookLoader } from './senders/webhookLoader';

/**
 * What the delivery API suites share, set up around the suite (beforeAll/afterAll): the test app taking
 * leads without limit, local endpoints, the guarded client allowed to reach them, and workers with the
 * real senders on a clock the tests move on (never behind the database's) with the jitter at its middle.
 */
export function useDeliveryHarness() {
  let app: TestApp | undefined;
  let clock = new Date();
  const endpoints: LocalEndpoint[] = [];
  const http = createGuardedHttpClient({ allowedHosts: [{ host: '127.0.0.1', port: null }] });

  beforeAll(async () => {
    const manyLeads = { max: 100_000, windowMs: 10_000 };
    app = await startTestApp(
      { APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN },
      { rateLimits: { ...defaultRateLimits, leadsPerIp: manyLeads, leadsPerQuiz: manyLeads } },
    );
  });
  afterAll(async () => {
    await Promise.all(endpoints.map((endpoint) => endpoint.close()));
    await http.close();
    await app?.close();
  });

  const harness = {
    get t(): TestApp {
      if (!app) throw new Error('the test app starts in beforeAll');
      return app;
    },
    http,
    get clock(): Date {
      return clock;
    },
    advance(ms: number) {
      clock = new Date(clock.getTime() + ms);
    },
    catchUp() {
      clock = new Date(Math.max(clock.getTime(), Date.now()));
    },
    async endpoint(answer?: LocalEndpoint['answer']): Promise<LocalEndpoint> {
      const started = await startLocalEndpoint(answer);
      endpoints.push(started);
      return started;
    },
    /** `senders` adds the feature senders (autoresponders, Zapier) to the HTML form and webhook ones. */
    worker(
      overrides: Partial<DeliveryWorkerOptions> = {},
      senders: Pick<SendDeliveryDeps, 'sendToAutoresponder' | 'sendToZapierHook'> = {},
    ): DeliveryWorker {
      const { t } = harness;
      const loadWebhook = createWebhookLoader(t.database.db, t.context.secretBox);
      const created = createDeliveryWorker({
        db: t.database.db,
        send: (delivery, lead) => sendDelivery(delivery, lead, { http, loadWebhook, ...senders }),
        alerts: { mailer: t.context.mailer, appUrl: APP_ORIGIN, basePath: '' },
        now: () => clock,
        random: () => 0.5,
        log: () => {},
        ...overrides,
      });
      return {
        ...created,
        runOnce() {
          harness.catchUp();
          return created.runOnce();
        },
      };
    },
    attemptsOf: (deliveryId: string) =>
      harness.t.database.db
        .select()
        .from(deliveryAttempts)
        .where(eq(deliveryAttempts.deliveryId, deliveryId))
        .orderBy(asc(deliveryAttempts.id)),
    async onlyDelivery(leadId: string) {
      const [delivery, ...others] = await deliveriesOfLead(harness.t, leadId);
      expect(others).toEqual([]);
      if (!delivery) throw new Error('no delivery');
      return delivery;
    },
    async leadStatus(leadId: string) {
      const [lead] = await harness.t.database.db.select().from(leads).where(eq(leads.id, leadId));
      return lead?.deliveryStatus;
    },
  };
  return harness;
}
