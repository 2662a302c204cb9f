// Download Responses at 1,000,000 visits on PostgreSQL: the CSV of every visit that started, streamed,
// while the server's resident memory is sampled; before it, the CSV of the last 180 days (about half),
// whose peak the whole file's should not exceed by much if memory is constant.
// Target: ≥ 50,000 rows/s; the peak RSS is recorded.

import { readFileSync } from 'node:fs';
import { buildIfStale, startServer } from '../e2e/src/serverProcess';
import { seedAnalyticsDataset } from './analyticsDataset';
import { createScratchDatabase } from './scratchDatabase';

const ROWS_PER_SECOND_TARGET = 50_000;

const scratch = await createScratchDatabase();
const databaseUrl = scratch.url;

buildIfStale();
const server = await startServer({ DATABASE_URL: databaseUrl, WORKER: 'off' }, { cpus: '0' });
const residentKb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
};
try {
  const { published, quizId, startedVisits } = await seedAnalyticsDataset(server, databaseUrl);
  const origin = new URL(server.appUrl).origin;
  const csvUrl = `${origin}/accounts/${published.accountId}/quizzes/${quizId}/analytics.csv`;

  /** Downloads the CSV while sampling the server's RSS; rows, bytes, seconds and the RSS before and at peak. */
  const download = async (query: string) => {
    const before = residentKb();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentKb());
    }, 20);
    const startedAt = performance.now();
    const csv = await fetch(`${csvUrl}${query}`, { headers: { cookie: published.cookie } });
    if (!csv.ok || !csv.body) throw new Error(`CSV: ${csv.status} ${await csv.text()}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of csv.body) {
      bytes += chunk.byteLength;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    }
    const seconds = (performance.now() - startedAt) / 1000;
    clearInterval(sampler);
    return { rows: lines - 1, bytes, seconds, before, peak };
  };
  const megabytes = (kb: number) => (kb / 1024).toFixed(0);
  // The last 180 days first (about half the visits), then all time (every visit that started): constant
  // memory means the whole file takes no more than half of it did.
  const half = await download(`?from=${new Date(Date.now() - 179 * 86_400_000).toISOString().slice(0, 10)}`);
  const all = await download('');
  for (const [name, run] of [
    ['last 180 days', half],
    ['all time', all],
  ] as const) {
    console.log(
      `${name}: ${run.rows.toLocaleString('en-US')} rows, ${(run.bytes / 1024 / 1024).toFixed(1)} MB in ${run.seconds.toFixed(1)} s, ${(run.rows / run.seconds).toFixed(0)} rows/s; server RSS ${megabytes(run.before)} MB before, peak ${megabytes(run.peak)} MB (growth ${megabytes(run.peak - run.before)} MB)`,
    );
  }
  const rowsPerSecond = all.rows / all.seconds;
  const ratio = ROWS_PER_SECOND_TARGET / rowsPerSecond;
  console.log(
    `for information: peak RSS growth, all time ÷ last 180 days ${((all.peak - all.before) / Math.max(1, half.peak - half.before)).toFixed(2)} (the garbage collector's sizing, not the file, sets it)`,
  );
  console.log(`ratio (must be ≤ 1.00): 50,000 rows/s ÷ rate ${ratio.toFixed(2)}`);
  if (ratio > 1 || all.rows !== startedVisits) process.exitCode = 1;
} finally {
  await server.stop();
  await scratch.drop();
}
