// Recording visits on PostgreSQL: events per second with wrk (5 events per request, as the player batches
// them) and their p99 latency; then leads at a steady 200 per second, each acknowledged only after it is
// committed, and their p99. Every event and lead is counted in the database afterwards.
// Targets: ≥ 10,000 events/s with p99 < 50 ms; leads p99 < 50 ms at 200/s.

import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer } from '../e2e/src/serverProcess';
import { publishBenchQuiz } from './publishedQuiz';
import { ensureDebianTools, wrk } from './wrk';

const EVENTS_TARGET = 10_000;
const P99_TARGET_MS = 50;
const LEADS_PER_SECOND = 200;
const LEAD_SECONDS = 10;
const EVENTS_PER_REQUEST = 5;

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `quizbeam_bench_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${databaseName}`);
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();

await ensureDebianTools([{ command: 'wrk', pkg: 'wrk' }]);
const server = await startServer({ DATABASE_URL: databaseUrl }, { cpus: '0' });
const db = new pg.Client({ connectionString: databaseUrl });
try {
  await db.connect();
  const published = await publishBenchQuiz(server);
  const [first] = published.answers;
  const eventsBody = JSON.stringify({
    snapshotId: published.snapshotId,
    visitId: 'bench-visit-0000000000',
    events: [
      { type: 'visit' },
      { type: 'start' },
      { type: 'answer', questionId: first?.questionId, answerId: first?.answerId },
      { type: 'answer', questionId: first?.questionId, answerId: first?.answerId },
      { type: 'answer', questionId: first?.questionId, answerId: first?.answerId },
    ],
  });
  const script = path.join(tmpdir(), `quizbeam-events-${process.pid}.lua`);
  writeFileSync(
    script,
    `wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = ${JSON.stringify(eventsBody)}\n`,
  );
  const eventsUrl = `${server.publishUrl}/_q/events`;
  await wrk(eventsUrl, { cpus: '1', threads: 1, connections: 32, seconds: 3, script });
  const run = await wrk(eventsUrl, { cpus: '1', threads: 1, connections: 32, seconds: 10, script });
  if (run.non2xx > 0) throw new Error(`${run.non2xx} event requests failed`);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const stored = Number((await db.query('select count(*) from visitor_events')).rows[0].count);
  const sent = (run.requests + 0) * EVENTS_PER_REQUEST;
  const eventsPerSecond = run.requestsPerSecond * EVENTS_PER_REQUEST;

  // Leads: an open loop at a fixed rate, so slow answers cannot slow the arrivals down.
  const leadLatencies: number[] = [];
  const pending: Promise<void>[] = [];
  const total = LEADS_PER_SECOND * LEAD_SECONDS;
  const startedAt = performance.now();
  for (let index = 0; index < total; index += 1) {
    const due = startedAt + (index * 1000) / LEADS_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sentAt = performance.now();
    pending.push(
      fetch(`${server.publishUrl}/_q/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          snapshotId: published.snapshotId,
          visitId: `bench-lead-${String(index).padStart(12, '0')}`,
          answers: published.answers,
          email: `lead${index}@example.com`,
          name: 'Bench Lead',
          consent: true,
          pageUrl: `${published.url}?utm_source=bench`,
        }),
      }).then(async (response) => {
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`lead ${index}: ${response.status}`);
        leadLatencies.push(performance.now() - sentAt);
      }),
    );
  }
  await Promise.all(pending);
  const leadRate = total / ((performance.now() - startedAt) / 1000);
  const storedLeads = Number((await db.query('select count(*) from leads')).rows[0].count);
  const sorted = [...leadLatencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

  console.log(
    `events: ${eventsPerSecond.toFixed(0)} events/s (${run.requestsPerSecond.toFixed(0)} requests/s × ${EVENTS_PER_REQUEST}), p50 ${run.latencyP50Ms.toFixed(2)} ms, p99 ${run.latencyP99Ms.toFixed(2)} ms; ${stored} stored of ${sent} sent`,
  );
  console.log(
    `leads: ${total} at ${leadRate.toFixed(0)}/s, p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms; ${storedLeads} stored`,
  );
  const ratios = {
    events: EVENTS_TARGET / eventsPerSecond,
    eventsP99: run.latencyP99Ms / P99_TARGET_MS,
    leadsP99: at(0.99) / P99_TARGET_MS,
  };
  console.log(
    `ratios (must be ≤ 1.00): 10,000 events/s target ÷ rate ${ratios.events.toFixed(2)}; events p99 ÷ 50 ms ${ratios.eventsP99.toFixed(2)}; leads p99 ÷ 50 ms ${ratios.leadsP99.toFixed(2)}`,
  );
  if (Object.values(ratios).some((ratio) => ratio > 1) || storedLeads !== total) process.exitCode = 1;
} finally {
  await server.stop();
  await db.end().catch(() => {});
  await admin.query(`drop database if exists ${databaseName}`).catch(() => {});
  await admin.end();
}
