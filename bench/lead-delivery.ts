// Lead delivery on PostgreSQL: leads at a steady 200 per second, each acknowledged only after the lead and
// its delivery are committed together (p99); then one worker process (`apps/server/dist/worker.js`, as
// `npm run worker` runs it) delivering them to a local HTML form endpoint that answers after 50 ms
// (deliveries per second), and a check that every lead arrived exactly once.
// Targets: lead p99 ≤ 50 ms at 200/s with deliveries; ≥ 200 deliveries/s from one worker process.

import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { buildIfStale, repoRoot, startServer } from '../e2e/src/serverProcess';
import { htmlFormDestination, publishBenchQuiz } from './publishedQuiz';
import { createScratchDatabase } from './scratchDatabase';
import { postAsVisitor, visitorAddress, visitorAgent } from './visitorPosts';

const LEADS_PER_SECOND = 200;
const LEAD_SECONDS = 10;
const ENDPOINT_LATENCY_MS = 50;
const P99_TARGET_MS = 50;
const DELIVERIES_TARGET = 200;

const received = new Map<string, number>();
const endpoint = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    const email = new URLSearchParams(body).get('email') ?? '';
    received.set(email, (received.get(email) ?? 0) + 1);
    setTimeout(() => response.writeHead(200).end('ok'), ENDPOINT_LATENCY_MS);
  });
});
await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
const formAction = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/subscribe`;

const scratch = await createScratchDatabase();
const databaseUrl = scratch.url;
const shared = { DATABASE_URL: databaseUrl, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' };
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
  const published = await publishBenchQuiz(server, htmlFormDestination(formAction));
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

  worker = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/worker.js')], {
    cwd: repoRoot,
    env: { ...process.env, ...shared, DATA_DIR: server.dataDir, SMTP_URL: '', ...workerEnv },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 120_000;
  const everyLead = total + warmUp;
  while ((await count("select count(*) from lead_deliveries where state = 'delivered'")) < everyLead) {
    if (Date.now() > deadline) throw new Error('the worker did not deliver every lead in 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const span = (
    await db.query(
      'select extract(epoch from max(finished_at) - min(finished_at)) as seconds from lead_deliveries',
    )
  ).rows[0].seconds as string;
  const deliveriesPerSecond = everyLead / Number(span);
  const duplicates = [...received.values()].filter((times) => times > 1).length;

  console.log(
    `leads: ${total} at ${LEADS_PER_SECOND}/s without deliveries (reference): p50 ${withoutDeliveries.p50.toFixed(2)} ms, p99 ${withoutDeliveries.p99.toFixed(2)} ms`,
  );
  console.log(
    `leads: ${total} at ${LEADS_PER_SECOND}/s, each with its delivery in the same transaction (${deliveries} deliveries written): p50 ${withDeliveries.p50.toFixed(2)} ms, p99 ${withDeliveries.p99.toFixed(2)} ms`,
  );
  console.log(
    `delivery: ${everyLead} leads to an HTML form answering after ${ENDPOINT_LATENCY_MS} ms, one worker process: ${deliveriesPerSecond.toFixed(0)} deliveries/s; ${received.size} distinct leads received, ${duplicates} more than once`,
  );
  const ratios = {
    leadsP99: withDeliveries.p99 / P99_TARGET_MS,
    deliveries: DELIVERIES_TARGET / deliveriesPerSecond,
  };
  console.log(
    `ratios (must be ≤ 1.00): leads p99 ÷ 50 ms ${ratios.leadsP99.toFixed(2)}; 200 deliveries/s ÷ rate ${ratios.deliveries.toFixed(2)}; for information, p99 with deliveries ÷ p99 without ${(withDeliveries.p99 / withoutDeliveries.p99).toFixed(2)}`,
  );
  if (Object.values(ratios).some((ratio) => ratio > 1) || duplicates > 0 || received.size !== everyLead)
    process.exitCode = 1;
} finally {
  worker?.kill('SIGTERM');
  visitorAgent.destroy();
  endpoint.close();
  await server.stop();
  await db.end().catch(() => {});
  await scratch.drop();
}
