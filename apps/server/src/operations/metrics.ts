import type { Database } from '@quizbeam/db/database';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { countDeliveries } from '../features/delivery/deliveryCounts';
import type { VisitorEventWriter } from '../features/publishedSite/visitorEventWriter';
import { withTimeout } from './withTimeout';

const DELIVERY_COUNT_TIMEOUT_MS = 2_000;

/** A process's own registry (never prom-client's global one), with Node's process metrics. */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

/**
 * Requests by route and status: the route's pattern (`/api/quizzes/:id`), never the raw URL, so the
 * number of series stays bounded whatever clients send; requests no route matched count as `unmatched`.
 */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'quizbeam_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'quizbeam_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

/** The visitor event writer: rows per insert, rows waiting, and how long the oldest has waited. */
export function watchEventWriter(
  registry: Registry,
  writer: Pick<VisitorEventWriter, 'waiting' | 'oldestWaitingAgeMs' | 'onBatchWritten'>,
): void {
  const batchRows = new Histogram({
    name: 'quizbeam_visitor_event_batch_rows',
    help: 'Visitor events stored per insert',
    buckets: [1, 10, 50, 100, 250, 500, 1000, 2000, 5000],
    registers: [registry],
  });
  writer.onBatchWritten((rows) => batchRows.observe(rows));
  new Gauge({
    name: 'quizbeam_visitor_events_waiting',
    help: 'Visitor events accepted and not yet stored',
    registers: [registry],
    collect() {
      this.set(writer.waiting);
    },
  });
  new Gauge({
    name: 'quizbeam_visitor_event_lag_seconds',
    help: 'How long the oldest visitor event not yet stored has waited',
    registers: [registry],
    collect() {
      this.set(writer.oldestWaitingAgeMs() / 1000);
    },
  });
}

/**
 * Deliveries by state and the due queue, read with one grouped query at scrape time. When the database
 * does not answer in time the gauges keep their last values, and the scrape still answers.
 */
export function watchDeliveries(registry: Registry, db: Database, onError: (error: unknown) => void): void {
  let reading: ReturnType<typeof countDeliveries> | null = null;
  const read = () => {
    // Gauges are collected one after the other within one scrape: they share one query.
    reading ??= withTimeout(countDeliveries(db), DELIVERY_COUNT_TIMEOUT_MS, 'counting deliveries').finally(
      () => {
        reading = null;
      },
    );
    return reading;
  };
  new Gauge({
    name: 'quizbeam_deliveries',
    help: 'Lead deliveries by state',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      try {
        const counts = await read();
        for (const [state, count] of Object.entries(counts.byState)) this.set({ state }, count);
      } catch (error) {
        onError(error);
      }
    },
  });
  new Gauge({
    name: 'quizbeam_delivery_queue_depth',
    help: 'Lead deliveries due now that no worker holds',
    registers: [registry],
    async collect() {
      try {
        this.set((await read()).due);
      } catch {
        // Reported once, by quizbeam_deliveries.
      }
    },
  });
}
