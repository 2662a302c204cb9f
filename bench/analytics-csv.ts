// Download Responses at 1,000,000 visits on PostgreSQL: the CSV of every visit that started, streamed,
// while the server's resident memory is sampled. Constant memory means its growth stays far below the
// size of the file.
// Targets: ≥ 50,000 rows/s; RSS growth during the export ≤ a quarter of the CSV's size.

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

  const before = residentKb();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentKb());
  }, 20);
  const startedAt = performance.now();
  // All time: every visit that started.
  const csv = await fetch(csvUrl, { headers: { cookie: published.cookie } });
  if (!csv.ok || !csv.body) throw new Error(`CSV: ${csv.status} ${await csv.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of csv.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const seconds = (performance.now() - startedAt) / 1000;
  clearInterval(sampler);
  const rows = lines - 1;
  const growthKb = peak - before;
  const rowsPerSecond = rows / seconds;

  console.log(
    `CSV of ${rows.toLocaleString('en-US')} started visits (${startedVisits.toLocaleString('en-US')} in the rollups): ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(1)} s, ${rowsPerSecond.toFixed(0)} rows/s`,
  );
  console.log(
    `server RSS ${Math.round(before / 1024)} MB before, peak ${Math.round(peak / 1024)} MB during (growth ${(growthKb / 1024).toFixed(1)} MB)`,
  );
  const ratios = {
    rate: ROWS_PER_SECOND_TARGET / rowsPerSecond,
    memory: growthKb / 1024 / (bytes / 1024 / 1024 / 4),
  };
  console.log(
    `ratios (must be ≤ 1.00): 50,000 rows/s ÷ rate ${ratios.rate.toFixed(2)}; RSS growth ÷ a quarter of the CSV ${ratios.memory.toFixed(2)}`,
  );
  if (Object.values(ratios).some((ratio) => ratio > 1) || rows !== startedVisits) process.exitCode = 1;
} finally {
  await server.stop();
  await scratch.drop();
}
