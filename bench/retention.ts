// The retention job on PostgreSQL: 1,000,000 visitor events older than the account's retention period are
// deleted by a worker process (`apps/server/dist/worker.js`, whose retention job runs at start) in batches,
// while leads are posted at a steady 200 per second; the leads' p99 during the deletion beside the same
// leads just before it (the reference), and how long the deletion took.
// Target: lead p99 ≤ 50 ms at 200/s while the job runs.

import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { buildIfStale, repoRoot, startServer } from '../e2e/src/serverProcess';
import { publishBenchQuiz } from './publishedQuiz';
import { createScratchDatabase } from './scratchDatabase';
import { postAsVisitor, visitorAddress, visitorAgent } from './visitorPosts';

const OLD_EVENTS = Number(process.env.OLD_EVENTS ?? 1_000_000);
const LEADS_PER_SECOND = 200;
const REFERENCE_SECONDS = 10;
const P99_TARGET_MS = 50;
const DELETION_TIMEOUT_MS = 10 * 60_000;

const scratch = await createScratchDatabase();
const databaseUrl = scratch.url;
buildIfStale();
// The server only serves; the worker process started later runs the retention job.
const server = await startServer(
  { DATABASE_URL: databaseUrl, TRUST_PROXY: 'true', WORKER: 'off' },
  { cpus: '0' },
);
const db = new pg.Client({ connectionString: databaseUrl });
let worker: ReturnType<typeof spawn> | undefined;
try {
  await db.connect();
  const published = await publishBenchQuiz(server);
  const quizId = published.quiz.id;

  // Old events of the quiz, as the visitor API would have written them 60 days ago, then a period of 30 days.
  const insertStarted = performance.now();
  await db.query(
    `insert into visitor_events (quiz_id, snapshot_id, visit_id, type, created_at)
     select $1, $2, 'old-visit-' || (n / 8), 'visit', now() - interval '60 days' + n * interval '1 millisecond'
     from generate_series(1, $3::int) as n`,
    [quizId, published.snapshotId, OLD_EVENTS],
  );
  await db.query('vacuum analyze visitor_events');
  const lastOldId = Number((await db.query('select max(id) as id from visitor_events')).rows[0].id);
  await db.query('update accounts set retention_days = 30 where id = $1', [published.accountId]);
  console.log(
    `setup: ${OLD_EVENTS} old events in ${((performance.now() - insertStarted) / 1000).toFixed(1)} s`,
  );

  const lead = (index: number) =>
    JSON.stringify({
      snapshotId: published.snapshotId,
      visitId: `bench-lead-${String(index).padStart(12, '0')}`,
      answers: published.answers,
      email: `lead${index}@example.com`,
      name: 'Bench Lead',
      consent: true,
      pageUrl: `${published.url}?utm_source=bench`,
    });

  /** Leads at a steady rate (an open loop) until `done` says so; each answer's latency, the p50 and p99. */
  async function leadsAtRate(first: number, done: (sent: number) => boolean) {
    const latencies: number[] = [];
    const pending: Promise<void>[] = [];
    const startedAt = performance.now();
    for (let sent = 0; !done(sent); sent += 1) {
      const index = first + sent;
      const wait = startedAt + (sent * 1000) / LEADS_PER_SECOND - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const sentAt = performance.now();
      pending.push(
        postAsVisitor(`${server.publishUrl}/_q/leads`, lead(index), visitorAddress(index)).then((status) => {
          if (status < 200 || status >= 300) throw new Error(`lead ${index}: ${status}`);
          latencies.push(performance.now() - sentAt);
        }),
      );
    }
    await Promise.all(pending);
    const sorted = latencies.sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
    return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
  }

  // Warm-up, then the reference: the same leads with no deletion going on.
  for (let index = 0; index < LEADS_PER_SECOND * 2; index += 1) {
    await postAsVisitor(`${server.publishUrl}/_q/leads`, lead(index), visitorAddress(index));
  }
  const reference = await leadsAtRate(10_000, (sent) => sent >= LEADS_PER_SECOND * REFERENCE_SECONDS);

  // The deletion: the worker process starts its retention job at once; leads go on until no old event is left.
  const oldLeft = async () =>
    (
      await db.query('select exists (select 1 from visitor_events where quiz_id = $1 and id <= $2) as left', [
        quizId,
        lastOldId,
      ])
    ).rows[0].left as boolean;
  let deleting = true;
  let deletionMs = 0;
  const deletionStarted = performance.now();
  worker = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/worker.js')], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: server.dataDir, SMTP_URL: '' },
    stdio: 'ignore',
  });
  const watch = (async () => {
    while (performance.now() - deletionStarted < DELETION_TIMEOUT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (!(await oldLeft())) {
        deletionMs = performance.now() - deletionStarted;
        break;
      }
    }
    deleting = false;
  })();
  const during = await leadsAtRate(100_000, () => !deleting);
  await watch;
  const left = Number(
    (
      await db.query('select count(*) as count from visitor_events where quiz_id = $1 and id <= $2', [
        quizId,
        lastOldId,
      ])
    ).rows[0].count,
  );

  console.log(
    `leads: ${reference.count} at ${LEADS_PER_SECOND}/s without the job (reference): p50 ${reference.p50.toFixed(2)} ms, p99 ${reference.p99.toFixed(2)} ms, max ${reference.max.toFixed(2)} ms`,
  );
  console.log(
    `leads: ${during.count} at ${LEADS_PER_SECOND}/s while the job deleted ${OLD_EVENTS - left} of ${OLD_EVENTS} old events in ${(deletionMs / 1000).toFixed(1)} s (worker start included): p50 ${during.p50.toFixed(2)} ms, p99 ${during.p99.toFixed(2)} ms, max ${during.max.toFixed(2)} ms`,
  );
  const ratio = during.p99 / P99_TARGET_MS;
  console.log(
    `ratio (must be ≤ 1.00): lead p99 during the job ÷ 50 ms ${ratio.toFixed(2)}; for information, p99 during ÷ p99 without ${(during.p99 / reference.p99).toFixed(2)}`,
  );
  if (ratio > 1 || left > 0) process.exitCode = 1;
} finally {
  worker?.kill('SIGTERM');
  visitorAgent.destroy();
  await server.stop();
  await db.end().catch(() => {});
  await scratch.drop();
}
