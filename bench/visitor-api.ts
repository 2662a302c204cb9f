// Recording visits on PostgreSQL: events per second with wrk (5 events per request, as the player batches
// them) and their p99 latency; then leads at a steady 200 per second, each acknowledged only after it is
// committed, and their p99. Every event and lead is counted in the database afterwards.
// Targets: ≥ 10,000 events/s with p99 < 50 ms; leads p99 < 50 ms at 200/s.

import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildIfStale, startServer } from '../e2e/src/serverProcess';
import { publishBenchQuiz } from './publishedQuiz';
import { createScratchDatabase } from './scratchDatabase';
import { postAsVisitor, visitorAddress, visitorAgent } from './visitorPosts';
import { ensureDebianTools, wrk } from './wrk';

const EVENTS_TARGET = 10_000;
const P99_TARGET_MS = 50;
const LEADS_PER_SECOND = 200;
const LEAD_SECONDS = 10;
const EVENTS_PER_REQUEST = 5;

/** Sends `perSecond` POSTs for `seconds` on a fixed schedule and measures each answer's latency. */
async function openLoop(
  perSecond: number,
  seconds: number,
  request: (index: number) => { url: string; body: string },
): Promise<{ rate: number; p50: number; p99: number }> {
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const total = perSecond * seconds;
  const startedAt = performance.now();
  for (let index = 0; index < total; index += 1) {
    const wait = startedAt + (index * 1000) / perSecond - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const { url, body } = request(index);
    const sentAt = performance.now();
    pending.push(
      postAsVisitor(url, body, visitorAddress(index)).then((status) => {
        if (status < 200 || status >= 300) throw new Error(`${url}: ${status}`);
        latencies.push(performance.now() - sentAt);
      }),
    );
  }
  await Promise.all(pending);
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return { rate: total / ((performance.now() - startedAt) / 1000), p50: at(0.5), p99: at(0.99) };
}

let lastChangeAt = 0;
/** Polls the count until it has not changed for a second; remembers when it last changed. */
async function waitUntilStored(count: () => Promise<number>): Promise<number> {
  let previous = -1;
  let current = await count();
  lastChangeAt = performance.now();
  while (current !== previous) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    previous = current;
    current = await count();
    if (current !== previous) lastChangeAt = performance.now();
  }
  return current;
}

const scratch = await createScratchDatabase();
const databaseUrl = scratch.url;

await ensureDebianTools([{ command: 'wrk', pkg: 'wrk' }]);
buildIfStale();
const server = await startServer({ DATABASE_URL: databaseUrl, TRUST_PROXY: 'true' }, { cpus: '0' });
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
    `wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = ${JSON.stringify(eventsBody)}\n` +
      // A new visitor address for every request, as in the open loops.
      'counter = 0\nrequest = function()\n  counter = counter + 1\n' +
      '  wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.floor(counter / 65536) % 256, math.floor(counter / 256) % 256, counter % 256)\n' +
      '  return wrk.format()\nend\n',
  );
  const eventsUrl = `${server.publishUrl}/_q/events`;
  const countEvents = async () =>
    Number((await db.query('select count(*) from visitor_events')).rows[0].count);
  // Each figure on its own: leads first, then events at the target rate, then the most events per second.
  // Leads at 200 per second, after a warm-up; each is committed before its answer.
  const leadRequest = (index: number) => ({
    url: `${server.publishUrl}/_q/leads`,
    body: JSON.stringify({
      snapshotId: published.snapshotId,
      visitId: `bench-lead-${String(index).padStart(12, '0')}`,
      answers: published.answers,
      email: `lead${index}@example.com`,
      name: 'Bench Lead',
      consent: true,
      pageUrl: `${published.url}?utm_source=bench`,
    }),
  });
  await openLoop(LEADS_PER_SECOND, 2, (index) => leadRequest(1_000_000 + index));
  const leadsRun = await openLoop(LEADS_PER_SECOND, LEAD_SECONDS, leadRequest);
  const total = LEADS_PER_SECOND * LEAD_SECONDS;
  const storedLeads = Number(
    (await db.query('select count(*) from leads where visit_id not like $1', ['bench-lead-000001%'])).rows[0]
      .count,
  );

  // Events at the target rate (an open loop: slow answers cannot slow the arrivals), for their latency.
  const eventsRequest = () => ({ url: eventsUrl, body: eventsBody });
  await openLoop(EVENTS_TARGET / EVENTS_PER_REQUEST, 2, eventsRequest);
  const atTarget = await openLoop(EVENTS_TARGET / EVENTS_PER_REQUEST, 10, eventsRequest);
  await waitUntilStored(countEvents);

  // The most events per second (wrk, closed loop): stored, not just answered.
  const storedBefore = await waitUntilStored(countEvents);
  const startedRun = performance.now();
  const run = await wrk(eventsUrl, { cpus: '1', threads: 1, connections: 32, seconds: 10, script });
  // Past what the database takes, the server refuses (503) rather than dropping acknowledged events.
  const stored = (await waitUntilStored(countEvents)) - storedBefore;
  // Recorded means stored: the rate counts until the last buffered event is in the database.
  const storedSeconds = (lastChangeAt - startedRun) / 1000;
  const eventsPerSecond = stored / storedSeconds;
  const sent = run.requests * EVENTS_PER_REQUEST;

  console.log(
    `events: ${eventsPerSecond.toFixed(0)} events/s stored (${stored} in ${storedSeconds.toFixed(1)} s; wrk: ${run.requestsPerSecond.toFixed(0)} requests/s × ${EVENTS_PER_REQUEST}, ${sent - run.non2xx * EVENTS_PER_REQUEST} acknowledged, ${run.non2xx} requests refused), p50 ${run.latencyP50Ms.toFixed(2)} ms, p99 ${run.latencyP99Ms.toFixed(2)} ms`,
  );
  console.log(
    `events at ${EVENTS_TARGET.toLocaleString('en-US')}/s (${atTarget.rate.toFixed(0)} requests/s): p50 ${atTarget.p50.toFixed(2)} ms, p99 ${atTarget.p99.toFixed(2)} ms`,
  );
  console.log(
    `leads: ${total} at ${leadsRun.rate.toFixed(0)}/s, p50 ${leadsRun.p50.toFixed(2)} ms, p99 ${leadsRun.p99.toFixed(2)} ms; ${storedLeads} stored`,
  );
  const ratios = {
    events: EVENTS_TARGET / eventsPerSecond,
    eventsP99: atTarget.p99 / P99_TARGET_MS,
    leadsP99: leadsRun.p99 / P99_TARGET_MS,
  };
  console.log(
    `ratios (must be ≤ 1.00): 10,000 events/s target ÷ rate ${ratios.events.toFixed(2)}; events p99 at 10,000/s ÷ 50 ms ${ratios.eventsP99.toFixed(2)}; leads p99 ÷ 50 ms ${ratios.leadsP99.toFixed(2)}`,
  );
  if (Object.values(ratios).some((ratio) => ratio > 1) || storedLeads !== total) process.exitCode = 1;
} finally {
  visitorAgent.destroy();
  await server.stop();
  await db.end().catch(() => {});
  await scratch.drop();
}
