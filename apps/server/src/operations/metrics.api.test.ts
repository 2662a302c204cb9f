import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { PublishedSite } from '../features/publishedSite/publishedSite';
import {
  EVENT_WRITER_LIMITS,
  type VisitorEventRow,
  VisitorEventWriter,
} from '../features/publishedSite/visitorEventWriter';
import { htmlFormTo, publishCaptureQuiz } from '../testing/deliveries';
import { PUBLISH_ORIGIN } from '../testing/publishing';
import { APP_ORIGIN, startTestApp, type TestApp } from '../testing/testApp';
import { createMetricsRegistry, watchDeliveries, watchEventWriter } from './metrics';
import { type MetricsListener, startMetricsListener } from './metricsListener';

let t: TestApp;
let measured: TestApp;
let site: PublishedSite | undefined;
let listener: MetricsListener;
const registry = createMetricsRegistry();
const errors: unknown[] = [];

beforeAll(async () => {
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN });
  const app = await buildApp(t.context, {
    metrics: registry,
    onPublishedSite: (created) => {
      site = created;
    },
  });
  watchDeliveries(registry, t.context.db, (error) => errors.push(error));
  measured = { ...t, app };
  listener = await startMetricsListener(registry, { host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await listener.close();
  await measured.app.close();
  await t.close();
});

async function scrape(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

const sample = (text: string, name: string, labels = '') =>
  text
    .split('\n')
    .find((line) => line.startsWith(`${name}${labels} `) || line.startsWith(`${name}${labels}{`));

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, never the raw URL', async () => {
    const account = await t.signIn();
    const quizId = crypto.randomUUID();
    for (let i = 0; i < 3; i += 1) await measured.app.inject({ method: 'GET', url: '/healthz' });
    const notFound = await measured.app.inject({
      method: 'GET',
      url: `/api/quizzes/${quizId}`,
      headers: { cookie: account.cookie, origin: APP_ORIGIN },
    });
    expect(notFound.statusCode).toBe(404);
    await measured.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    const text = await scrape();
    expect(text).toContain('quizbeam_http_requests_total{method="GET",route="/healthz",status="200"} 3');
    expect(text).toContain(
      'quizbeam_http_requests_total{method="GET",route="/api/quizzes/:id",status="404"} 1',
    );
    expect(text).toMatch(
      /quizbeam_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} 3/,
    );
    expect(text).not.toContain(quizId);
    expect(text).not.toContain('no-such-thing');
    // Node's own process metrics come along.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('reports visitor event batches and deliveries by state with the due queue', async () => {
    // Published with the plain test app; the visitor's leads go to the measured one.
    const account = await t.signIn();
    const { postLead } = await publishCaptureQuiz(measured, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo('http://127.0.0.1:9/never'),
    });
    await postLead('one@example.com');
    await postLead('two@example.com');
    await site?.events.flush();
    const text = await scrape();
    const batches = Number(sample(text, 'quizbeam_visitor_event_batch_rows_count')?.split(' ')[1]);
    const stored = Number(sample(text, 'quizbeam_visitor_event_batch_rows_sum')?.split(' ')[1]);
    expect(batches).toBeGreaterThanOrEqual(1);
    expect(stored).toBeGreaterThanOrEqual(2);
    expect(text).toContain('quizbeam_visitor_events_waiting 0');
    expect(text).toContain('quizbeam_visitor_event_lag_seconds 0');
    expect(text).toContain('quizbeam_deliveries{state="pending"} 2');
    expect(text).toContain('quizbeam_deliveries{state="delivered"} 0');
    expect(text).toContain('quizbeam_delivery_queue_depth 2');
    expect(
      sample(
        text,
        'quizbeam_http_requests_total',
        '{method="POST",route="/__published/_q/leads",status="200"}',
      ),
    ).toBe('quizbeam_http_requests_total{method="POST",route="/__published/_q/leads",status="200"} 2');
    expect(errors).toEqual([]);
  });

  it('answers only GET /metrics', async () => {
    expect((await fetch(`http://127.0.0.1:${listener.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${listener.port}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});

describe('the event writer gauges', () => {
  it('read the rows waiting and the age of the oldest at scrape time', async () => {
    const own = createMetricsRegistry();
    let observe: (rows: number) => void = () => {};
    watchEventWriter(own, {
      waiting: 42,
      oldestWaitingAgeMs: () => 1_500,
      onBatchWritten: (listener) => {
        observe = listener;
      },
    });
    observe(7);
    observe(300);
    const text = await own.metrics();
    expect(text).toContain('quizbeam_visitor_events_waiting 42');
    expect(text).toContain('quizbeam_visitor_event_lag_seconds 1.5');
    expect(text).toContain('quizbeam_visitor_event_batch_rows_sum 307');
    expect(text).toContain('quizbeam_visitor_event_batch_rows_bucket{le="10"} 1');
  });
});

describe('the event writer lag', () => {
  it('is the age of the oldest row still waiting, across quizzes', async () => {
    let clock = 1_000_000;
    const writer = new VisitorEventWriter(
      t.context.db,
      () => {},
      { ...EVENT_WRITER_LIMITS, batchRows: 1_000 },
      () => clock,
    );
    const row = (quizId: string): VisitorEventRow => ({
      quizId,
      snapshotId: crypto.randomUUID(),
      visitId: `visit-${crypto.randomUUID()}`,
      type: 'visit',
    });
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    // Checked without awaiting in between: the writer's timer cannot take the rows meanwhile.
    expect(writer.oldestWaitingAgeMs()).toBe(0);
    writer.offer(first, [row(first)]);
    clock += 2_000;
    writer.offer(second, [row(second), row(second)]);
    writer.offer(first, [row(first)]);
    clock += 3_000;
    expect(writer.waiting).toBe(4);
    expect(writer.oldestWaitingAgeMs()).toBe(5_000);
    await writer.close();
    expect(writer.waiting).toBe(0);
    expect(writer.oldestWaitingAgeMs()).toBe(0);
  });
});
