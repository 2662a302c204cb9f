import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HtmlFormSettings } from '@quizbeam/contracts/htmlFormSettings';
import type { LeadFieldValues } from '@quizbeam/contracts/leadFormFields';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { deliveryAttempts, leadDeliveries } from '@quizbeam/db/deliverySchema';
import { webhooks } from '@quizbeam/db/integrationsSchema';
import { leads } from '@quizbeam/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  createDeliveryWorker,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
} from '../features/delivery/deliveryWorker';
import { type SendDeliveryDeps, sendDelivery } from '../features/delivery/senders/sendDelivery';
import { createWebhookLoader } from '../features/delivery/senders/webhookLoader';
import { createGuardedHttpClient } from '../outbound/guardedHttpClient';
import { defaultRateLimits } from '../security/rateLimiter';
import type { ReceivedRequest } from './httpServer';
import { liveSnapshotIdOf, PUBLISH_ORIGIN, storedScoredQuiz, visitorOf } from './publishing';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from './testApp';

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** A destination on 127.0.0.1: records every request and answers with what `answer` returns (or holds it). */
export interface LocalEndpoint {
  url: string;
  received: ReceivedRequest[];
  answer: (request: ReceivedRequest, index: number) => Answer | 'hold';
  /** Requests held open, answered or dropped by the test. */
  held: ServerResponse[];
  close(): Promise<void>;
}

export async function startLocalEndpoint(
  answer: LocalEndpoint['answer'] = () => ({ status: 200, body: 'ok' }),
): Promise<LocalEndpoint> {
  const endpoint: LocalEndpoint = {
    url: '',
    received: [],
    answer,
    held: [],
    close: async () => {},
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const index = endpoint.received.push(received) - 1;
      const answered = endpoint.answer(received, index);
      if (answered === 'hold') {
        endpoint.held.push(response);
        return;
      }
      response.writeHead(answered.status, answered.headers ?? {}).end(answered.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  endpoint.url = `http://127.0.0.1:${port}`;
  endpoint.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return endpoint;
}

export const htmlFormTo = (action: string): HtmlFormSettings => ({
  htmlFormId: null,
  formData: {
    method: 'post',
    action,
    fields: [
      { name: 'EMAIL', type: 'email', value: '', label: 'Email' },
      { name: 'FNAME', type: 'text', value: '', label: 'Name' },
      { name: 'list', type: 'hidden', value: 'quiz-leads', label: '' },
    ],
    submit: { name: '', value: 'Subscribe' },
  },
  fieldMappings: { name: 'FNAME', email: 'EMAIL', checkboxes: [] },
});

/** A webhook of the account, with a real signing secret sealed as the webhooks feature stores it. */
export async function addWebhook(
  t: TestApp,
  accountId: string,
  url: string,
  name = 'CRM hook',
): Promise<string> {
  const id = crypto.randomUUID();
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  await t.database.db.insert(webhooks).values({
    id,
    accountId,
    name,
    url,
    secretEncrypted: t.context.secretBox.seal(secret),
  });
  return id;
}

export interface PublishedCaptureQuiz {
  quiz: Quiz;
  /** Posts a lead as a visitor does (with the capture form's other fields when given); returns its id. */
  postLead(email: string, fields?: LeadFieldValues): Promise<string>;
}

/** A scored quiz published with lead capture on and the given destinations. */
export async function publishCaptureQuiz(
  t: TestApp,
  account: SignedInAccount,
  settings: Partial<Quiz['leadCaptureSettings']>,
): Promise<PublishedCaptureQuiz> {
  const { quiz, q, a } = await storedScoredQuiz(account.call);
  const withCapture: Quiz = {
    ...quiz,
    leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true, ...settings },
  };
  const published = await account.call(
    'POST',
    `/accounts/${account.accountId}/quizzes/${quiz.id}/publish`,
    withCapture,
  );
  expect(published.statusCode).toBe(200);
  const snapshotId = await liveSnapshotIdOf(t, quiz.id);
  const visitor = visitorOf(t);
  return {
    quiz,
    async postLead(email, fields) {
      const visitId = `visit-${crypto.randomUUID()}`;
      const answered = await visitor('POST', '/_q/leads', {
        snapshotId,
        visitId,
        answers: [0, 1, 2].map((index) => ({ questionId: q[index], answerId: a[index]?.[1] })),
        email,
        name: 'Ada Lovelace',
        consent: false,
        pageUrl: `${PUBLISH_ORIGIN}/${quiz.publishedId}`,
        ...(fields && { fields }),
      });
      expect(answered.statusCode).toBe(200);
      const [lead] = await t.database.db
        .select({ id: leads.id })
        .from(leads)
        .where(eq(leads.visitId, visitId));
      if (!lead) throw new Error('the lead was not stored');
      return lead.id;
    },
  };
}

export const deliveriesOfLead = (t: TestApp, leadId: string) =>
  t.database.db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId));

/** Polls until `check` returns a value (not undefined) or the deadline passes. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  for (const started = Date.now(); Date.now() - started < timeoutMs; ) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

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
