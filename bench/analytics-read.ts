// The Analytics call at 1,000,000 visits (about 8 events each) for one quiz on PostgreSQL: its server time
// (Server-Timing) for several date ranges and versions, beside a plain count(*) of the quiz's raw events
// in the same run. The figures come from the rollups, so the call must not grow with the events.
// Target: ≤ 100 ms of server time for every range. The breakdown by a URL field other than the UTM ones is read
// from the visits when asked for (not from counters): its times are printed for information, beside the target.

import pg from 'pg';
import { buildIfStale, startServer } from '../e2e/src/serverProcess';
import { seedAnalyticsDataset } from './analyticsDataset';
import { createScratchDatabase } from './scratchDatabase';

const TARGET_MS = 100;
const ROUNDS = 15;

const scratch = await createScratchDatabase();
const databaseUrl = scratch.url;

buildIfStale();
const server = await startServer(
  { DATABASE_URL: databaseUrl, SERVER_TIMING: 'true', WORKER: 'off' },
  { cpus: '0' },
);
const db = new pg.Client({ connectionString: databaseUrl });
try {
  await db.connect();
  const { published, quizId, events } = await seedAnalyticsDataset(server, databaseUrl);
  const origin = new URL(server.appUrl).origin;
  const analyticsUrl = `${origin}/accounts/${published.accountId}/quizzes/${quizId}/analytics`;
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const ranges: [string, Record<string, string>][] = [
    ['all time (default)', {}],
    ['last 7 days', { from: day(6) }],
    ['last 30 days', { from: day(29) }],
    ['last 90 days', { from: day(89) }],
    ['last 365 days', { from: day(364) }],
    ['five years', { from: day(5 * 366 - 1) }],
    ['version 1, all time', { version: '1' }],
    ['version 2, last 30 days', { from: day(29), version: '2' }],
  ];
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

  const countTimes: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    const startedAt = performance.now();
    await db.query('select count(*) from visitor_events where quiz_id = $1', [quizId]);
    countTimes.push(performance.now() - startedAt);
  }
  const countMs = median(countTimes);

  // One call first, not counted: a server's first request opens its pool's database connections.
  const warmUp = await fetch(analyticsUrl, { headers: { cookie: published.cookie } });
  console.log(
    `first call after start (not counted): ${/dur=([\d.]+)/.exec(warmUp.headers.get('server-timing') ?? '')?.[1]} ms`,
  );
  let worstOfAll = 0;
  for (const [name, query] of ranges) {
    const times: number[] = [];
    let visitors = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const response = await fetch(`${analyticsUrl}?${new URLSearchParams(query)}`, {
        headers: { cookie: published.cookie },
      });
      if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
      visitors = ((await response.json()) as { visitorsCount: number }).visitorsCount;
      times.push(Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN));
    }
    // Every call counts toward the worst, the first of each range too.
    const worst = Math.max(...times);
    worstOfAll = Math.max(worstOfAll, worst);
    console.log(
      `${name.padEnd(26)} ${visitors.toLocaleString('en-US').padStart(9)} visitors: server time median ${median(times).toFixed(1)} ms, worst ${worst.toFixed(1)} ms; ${(median(times) / countMs).toFixed(2)}× the count(*)`,
    );
  }
  const breakdowns: [string, Record<string, string>][] = [
    ['by ref, all time', { urlField: 'ref' }],
    ['by gclid, all time', { urlField: 'gclid' }],
    ['by ref, last 30 days', { from: day(29), urlField: 'ref' }],
    ['by ref, last 7 days', { from: day(6), urlField: 'ref' }],
  ];
  for (const [name, query] of breakdowns) {
    const times: number[] = [];
    let rows = 0;
    for (let round = 0; round < 5; round += 1) {
      const response = await fetch(`${analyticsUrl}?${new URLSearchParams(query)}`, {
        headers: { cookie: published.cookie },
      });
      if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
      const body = (await response.json()) as { urlFieldBreakdown: { rows: unknown[]; otherValues: number } };
      rows = body.urlFieldBreakdown.rows.length + body.urlFieldBreakdown.otherValues;
      times.push(Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN));
    }
    console.log(
      `${name.padEnd(26)} ${rows.toLocaleString('en-US').padStart(9)} values: server time median ${median(times).toFixed(1)} ms, worst ${Math.max(...times).toFixed(1)} ms (for information)`,
    );
  }
  console.log(
    `select count(*) over the quiz's ${events.toLocaleString('en-US')} raw events: median ${countMs.toFixed(1)} ms (${countTimes.map((time) => time.toFixed(0)).join(', ')})`,
  );
  const ratio = worstOfAll / TARGET_MS;
  console.log(`ratio (must be ≤ 1.00): worst analytics call ÷ 100 ms ${ratio.toFixed(2)}`);
  if (ratio > 1) process.exitCode = 1;
} finally {
  await server.stop();
  await db.end().catch(() => {});
  await scratch.drop();
}
