// Recording visits with the analytics rollups maintained, on PostgreSQL: the most events per second the
// visitor API stores (wrk, closed loop), each visit sending two posts of 5 events as the player batches them
// (visit with UTM and URL fields, start, shown, answer, shown; then answers and the next questions shown),
// every request from another visitor address (X-Forwarded-For, the server behind a proxy, as
// bench/visitor-api.ts does). Afterwards the rollups are checked against the events stored.
// Target: ≥ 20,000 events/s stored.

import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildIfStale, startServer } from '../e2e/src/serverProcess';
import { publishBenchQuiz } from './publishedQuiz';
import { createScratchDatabase } from './scratchDatabase';
import { ensureDebianTools, wrk } from './wrk';

const TARGET_EVENTS_PER_SECOND = 20_000;

/** A wrk script: request k is part k % 2 of visit k / 2 (ids starting with `prefix`), from address k. */
function wrkScript(
  prefix: string,
  snapshotId: string,
  answers: { questionId: number; answerId: number }[],
): string {
  const [first, second, third, fourth] = answers;
  if (!first || !second || !third || !fourth) throw new Error('the bench quiz has too few questions');
  const parts = [
    `[{"type":"visit","utmSource":"newsletter","utmCampaign":"spring, \\"sale\\"","urlFields":{"utm_source":"newsletter","utm_campaign":"spring, \\"sale\\"","gclid":"Cj0KCQiA-bench-gclid-of-an-ad-click","ref":"partner7"}},{"type":"start"},{"type":"shown","questionId":${first.questionId}},{"type":"answer","questionId":${first.questionId},"answerId":${first.answerId}},{"type":"shown","questionId":${second.questionId}}]`,
    `[{"type":"answer","questionId":${second.questionId},"answerId":${second.answerId}},{"type":"shown","questionId":${third.questionId}},{"type":"answer","questionId":${third.questionId},"answerId":${third.answerId}},{"type":"shown","questionId":${fourth.questionId}},{"type":"answer","questionId":${fourth.questionId},"answerId":${fourth.answerId}}]`,
  ];
  return [
    'wrk.method = "POST"',
    'wrk.headers["Content-Type"] = "application/json"',
    `parts = { ${parts.map((part) => JSON.stringify(part)).join(', ')} }`,
    'counter = 0',
    'request = function()',
    '  counter = counter + 1',
    '  wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.floor(counter / 65536) % 256, math.floor(counter / 256) % 256, counter % 256)',
    `  wrk.body = string.format('{"snapshotId":"${snapshotId}","visitId":"${prefix}-%012d","events":%s}', math.floor(counter / 2), parts[counter % 2 + 1])`,
    '  return wrk.format()',
    'end',
    '',
  ].join('\n');
}

const scratch = await createScratchDatabase();
const databaseUrl = scratch.url;

await ensureDebianTools([{ command: 'wrk', pkg: 'wrk' }]);
buildIfStale();
const server = await startServer(
  { DATABASE_URL: databaseUrl, TRUST_PROXY: 'true', WORKER: 'off' },
  { cpus: '0' },
);
const db = new pg.Client({ connectionString: databaseUrl });
try {
  await db.connect();
  const published = await publishBenchQuiz(server);
  const scriptFor = (prefix: string) => {
    const file = path.join(tmpdir(), `quizbeam-analytics-${prefix}-${process.pid}.lua`);
    writeFileSync(file, wrkScript(prefix, published.snapshotId, published.answers));
    return file;
  };
  const eventsUrl = `${server.publishUrl}/_q/events`;
  const countEvents = async () =>
    Number((await db.query('select count(*) from visitor_events')).rows[0].count);

  // A short warm-up, then the measured run; recorded means stored, rollups included (same transaction).
  await wrk(eventsUrl, { cpus: '1', threads: 1, connections: 32, seconds: 3, script: scriptFor('warmup') });
  let previous = -1;
  let stored = await countEvents();
  while (stored !== previous) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    previous = stored;
    stored = await countEvents();
  }
  const storedBefore = stored;
  const startedAt = performance.now();
  const run = await wrk(eventsUrl, {
    cpus: '1',
    threads: 1,
    connections: 32,
    seconds: 10,
    script: scriptFor('measured'),
  });
  let lastChangeAt = performance.now();
  previous = -1;
  stored = await countEvents();
  while (stored !== previous) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    previous = stored;
    stored = await countEvents();
    if (stored !== previous) lastChangeAt = performance.now();
  }
  const storedEvents = stored - storedBefore;
  const seconds = (lastChangeAt - startedAt) / 1000;
  const eventsPerSecond = storedEvents / seconds;

  // The rollups agree with the events: a visit row and a visitor per visit, a start per visit.
  const check = await db.query(`
    select (select count(distinct visit_id) from visitor_events) as visits,
      (select count(*) from analytics_visits) as visit_rows,
      (select coalesce(sum(value), 0) from analytics_counters where metric = 'visitors') as visitors,
      (select coalesce(sum(value), 0) from analytics_counters where metric = 'starts') as starts,
      (select count(*) from visitor_events where type = 'visit') as visit_events,
      (select coalesce(sum(value), 0) from analytics_counters where metric = 'url_field' and item = 'gclid')
        as gclid_visitors`);
  const { visits, visit_rows, visitors, starts, visit_events, gclid_visitors } = check.rows[0];
  console.log(
    `events with rollups: ${eventsPerSecond.toFixed(0)} events/s stored (${storedEvents} in ${seconds.toFixed(1)} s; wrk: ${run.requestsPerSecond.toFixed(0)} requests/s × 5, ${run.non2xx} requests refused), p50 ${run.latencyP50Ms.toFixed(2)} ms, p99 ${run.latencyP99Ms.toFixed(2)} ms`,
  );
  console.log(
    `rollups: ${visit_rows} visit rows for ${visits} visits; visitors ${visitors}, starts ${starts} and visitors with a gclid ${gclid_visitors} for ${visit_events} visit events`,
  );
  const consistent =
    Number(visits) === Number(visit_rows) &&
    Number(visitors) === Number(visit_events) &&
    Number(starts) === Number(visit_events) &&
    Number(gclid_visitors) === Number(visit_events);
  const ratio = TARGET_EVENTS_PER_SECOND / eventsPerSecond;
  console.log(
    `ratio (must be ≤ 1.00): 20,000 events/s ÷ rate ${ratio.toFixed(2)}; rollups consistent: ${consistent}`,
  );
  if (ratio > 1 || !consistent) process.exitCode = 1;
} finally {
  await server.stop();
  await db.end().catch(() => {});
  await scratch.drop();
}
