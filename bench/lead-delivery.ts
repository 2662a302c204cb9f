// Lead delivery on PostgreSQL: leads at a steady 200 per second, each acknowledged only after the lead and
// its delivery are committed together (p99); then one worker process (`apps/server/dist/worker.js`, as
// `npm run worker` runs it) delivering them to a local HTML form endpoint that answers after 50 ms
// (deliveries per second), and a check that every lead arrived exactly once.
// Targets: lead p99 ≤ 50 ms at 200/s with deliveries; ≥ 200 deliveries/s from one worker process.
// `--server-side`: each lead goes to three server-side destinations instead (Meta's Conversions API and GA4's
// Measurement Protocol, their local fakes, and a webhook to the same endpoint), all answering after 50 ms;
// every lead must reach each of them exactly once.

import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import {
  FAKE_GA4_API_SECRET,
  FAKE_GA4_MEASUREMENT_ID,
  startFakeGa4,
} from '../apps/server/src/features/integrations/fakes/fakeGa4';
import {
  FAKE_META_ACCESS_TOKEN,
  FAKE_META_PIXEL_ID,
  startFakeMetaConversions,
} from '../apps/server/src/features/integrations/fakes/fakeMetaConversions';
import { buildIfStale, repoRoot, startServer } from '../e2e/src/serverProcess';
import { htmlFormDestination, type OwnerCall, publishBenchQuiz } from './publishedQuiz';
import { createScratchDatabase } from './scratchDatabase';
import { postAsVisitor, visitorAddress, visitorAgent } from './visitorPosts';

const LEADS_PER_SECOND = 200;
const LEAD_SECONDS = 10;
const ENDPOINT_LATENCY_MS = 50;
const P99_TARGET_MS = 50;
const DELIVERIES_TARGET = 200;
const SERVER_SIDE = process.argv.includes('--server-side');
const DESTINATIONS_PER_LEAD = SERVER_SIDE ? 3 : 1;

/** The lead's email in a form post, or in a webhook's JSON body. */
function emailIn(body: string, contentType: string | undefined): string {
  if (!contentType?.includes('json')) return new URLSearchParams(body).get('email') ?? '';
  const parsed = JSON.parse(body) as { data?: { email?: string } };
  return parsed.data?.email ?? '';
}

const received = new Map<string, number>();
const endpoint = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    const email = emailIn(body, request.headers['content-type']);
    received.set(email, (received.get(email) ?? 0) + 1);
    setTimeout(() => response.writeHead(200).end('ok'), ENDPOINT_LATENCY_MS);
  });
});
await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
const endpointOrigin = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`;
const formAction = `${endpointOrigin}/subscribe`;
// The bench's visitors send no User-Agent, which the Meta fake would otherwise require of website events.
const metaFake = SERVER_SIDE
  ? await startFakeMetaConversions({ latencyMs: ENDPOINT_LATENCY_MS, websiteEventsNeedBrowserFields: false })
  : undefined;
const ga4Fake = SERVER_SIDE ? await startFakeGa4({ latencyMs: ENDPOINT_LATENCY_MS }) : undefined;

/** A webhook to the local endpoint and the two conversion APIs, made through the owner's API. */
async function serverSideDestinations({ call, accountId }: { call: OwnerCall; accountId: string }) {
  const hook = (await call('POST', `/accounts/${accountId}/webhooks`, {
    name: 'Bench webhook',
    url: `${endpointOrigin}/hook`,
  })) as { webhook: { id: string } };
  const conversionApi = (body: object) =>
    call('POST', '/api/conversion-apis', body) as Promise<{ id: string }>;
  const pixel = await conversionApi({
    platform: 'meta',
    name: 'Bench pixel',
    platformId: FAKE_META_PIXEL_ID,
    secret: FAKE_META_ACCESS_TOKEN,
    testEventCode: '',
  });
  const stream = await conversionApi({
    platform: 'ga4',
    name: 'Bench stream',
    platformId: FAKE_GA4_MEASUREMENT_ID,
    secret: FAKE_GA4_API_SECRET,
  });
  return { webhookIds: [hook.webhook.id], conversionApiIds: [pixel.id, stream.id] };
}

const scratch = await createScratchDatabase();
const databaseUrl = scratch.url;
const shared = {
  DATABASE_URL: databaseUrl,
  OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  ...metaFake?.env,
  ...ga4Fake?.env,
};
const workerEnv = process.env.WORKER_CONCURRENCY
  ? { WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY }
  : {};

buildIfStale();
// The server only serves; the worker process delivers afterwards, so each figure is measured on its own.
const server = await startServer({ ...shared, TRUST_PROXY: 'true', WORKER: 'off' }, { cpus: '0' });
const db = new pg.Client({ connectionString: databaseUrl });
let worker: ReturnType<typeof spawn> | undefined;
try {
  await db.connect();
  const published = await publishBenchQuiz(
    server,
    SERVER_SIDE ? serverSideDestinations : htmlFormDestination(formAction),
  );
  // The reference: the same leads to a quiz that sends them nowhere (no deliveries), in the same run.
  const reference = await publishBenchQuiz(server);
  const lead = (index: number, quiz = published) =>
    JSON.stringify({
      snapshotId: quiz.snapshotId,
      visitId: `bench-lead-${String(index).padStart(12, '0')}`,
      answers: quiz.answers,
      email: `lead${index}@example.com`,
      name: 'Bench Lead',
      consent: true,
      pageUrl: `${quiz.url}?utm_source=bench`,
      ...(SERVER_SIDE && {
        measurement: {
          eventId: `lead.bench-lead-${index}`,
          gaClientId: `${index + 1}.1750000000`,
          consent: 'granted',
        },
      }),
    });

  /** Leads at a steady rate (an open loop), each answer's latency; the p50 and p99. */
  async function leadsAtRate(first: number, quiz: typeof published) {
    const latencies: number[] = [];
    const pending: Promise<void>[] = [];
    const startedAt = performance.now();
    for (let index = first; index < first + total; index += 1) {
      const wait = startedAt + ((index - first) * 1000) / LEADS_PER_SECOND - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const sentAt = performance.now();
      pending.push(
        postAsVisitor(`${server.publishUrl}/_q/leads`, lead(index, quiz), visitorAddress(index)).then(
          (status) => {
            if (status < 200 || status >= 300) throw new Error(`lead ${index}: ${status}`);
            latencies.push(performance.now() - sentAt);
          },
        ),
      );
    }
    await Promise.all(pending);
    const sorted = latencies.sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
    return { p50: at(0.5), p99: at(0.99) };
  }

  const total = LEADS_PER_SECOND * LEAD_SECONDS;
  // A warm-up of two seconds (its leads are delivered too, and counted), then the measured leads.
  const warmUp = LEADS_PER_SECOND * 2;
  for (let index = total; index < total + warmUp; index += 1) {
    await postAsVisitor(`${server.publishUrl}/_q/leads`, lead(index), visitorAddress(index));
  }
  const withoutDeliveries = await leadsAtRate(100_000, reference);
  const withDeliveries = await leadsAtRate(0, published);
  const count = async (query: string) => Number((await db.query(query)).rows[0].count);
  const deliveries = await count('select count(*) from lead_deliveries');

  console.log(
    `leads: ${total} at ${LEADS_PER_SECOND}/s without deliveries (reference): p50 ${withoutDeliveries.p50.toFixed(2)} ms, p99 ${withoutDeliveries.p99.toFixed(2)} ms`,
  );
  console.log(
    `leads: ${total} at ${LEADS_PER_SECOND}/s, each with its ${SERVER_SIDE ? 'three deliveries (Meta, GA4, webhook)' : 'delivery'} in the same transaction (${deliveries} deliveries written): p50 ${withDeliveries.p50.toFixed(2)} ms, p99 ${withDeliveries.p99.toFixed(2)} ms`,
  );

  worker = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/worker.js')], {
    cwd: repoRoot,
    env: { ...process.env, ...shared, DATA_DIR: server.dataDir, SMTP_URL: '', ...workerEnv },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 120_000;
  const everyLead = total + warmUp;
  const everyDelivery = everyLead * DESTINATIONS_PER_LEAD;
  const deliveredCount = () => count("select count(*) from lead_deliveries where state = 'delivered'");
  let delivered = await deliveredCount();
  while (delivered < everyDelivery && Date.now() <= deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    delivered = await deliveredCount();
  }
  if (delivered < everyDelivery) {
    const states = await db.query(
      'select destination_type, state, count(*)::int as count from lead_deliveries group by 1, 2 order by 1, 2',
    );
    console.log(`the worker delivered ${delivered} of ${everyDelivery} deliveries in 2 minutes:`);
    for (const row of states.rows) console.log(`  ${row.destination_type} ${row.state}: ${row.count}`);
    process.exitCode = 1;
  } else {
    const span = (
      await db.query(
        'select extract(epoch from max(finished_at) - min(finished_at)) as seconds from lead_deliveries',
      )
    ).rows[0].seconds as string;
    const deliveriesPerSecond = everyDelivery / Number(span);
    const duplicates = [...received.values()].filter((times) => times > 1).length;
    const destinationText = SERVER_SIDE
      ? `to Meta, GA4 and a webhook, each answering after ${ENDPOINT_LATENCY_MS} ms`
      : `to an HTML form answering after ${ENDPOINT_LATENCY_MS} ms`;
    console.log(
      `delivery: ${everyLead} leads ${destinationText}, one worker process: ${deliveriesPerSecond.toFixed(0)} deliveries/s; ${received.size} distinct leads received, ${duplicates} more than once`,
    );
    let missed = duplicates > 0 || received.size !== everyLead;
    if (metaFake && ga4Fake) {
      const eventIds = metaFake.events().map((sent) => String(sent.event.event_id));
      const clientIds = ga4Fake.hits().map((hit) => String(hit.payload.client_id));
      console.log(
        `server-side: Meta took ${eventIds.length} events (${new Set(eventIds).size} distinct event ids), GA4 kept ${clientIds.length} hits (${new Set(clientIds).size} distinct client ids, ${ga4Fake.droppedCount()} dropped)`,
      );
      missed ||= [eventIds, clientIds].some(
        (ids) => ids.length !== everyLead || new Set(ids).size !== everyLead,
      );
    }
    const ratios = {
      leadsP99: withDeliveries.p99 / P99_TARGET_MS,
      deliveries: DELIVERIES_TARGET / deliveriesPerSecond,
    };
    console.log(
      `ratios (must be ≤ 1.00): leads p99 ÷ 50 ms ${ratios.leadsP99.toFixed(2)}; 200 deliveries/s ÷ rate ${ratios.deliveries.toFixed(2)}; for information, p99 with deliveries ÷ p99 without ${(withDeliveries.p99 / withoutDeliveries.p99).toFixed(2)}`,
    );
    if (Object.values(ratios).some((ratio) => ratio > 1) || missed) process.exitCode = 1;
  }
} finally {
  worker?.kill('SIGTERM');
  visitorAgent.destroy();
  endpoint.close();
  await metaFake?.close();
  await ga4Fake?.close();
  await server.stop();
  await db.end().catch(() => {});
  await scratch.drop();
}
