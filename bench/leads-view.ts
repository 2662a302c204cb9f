// The Leads tab at 100,000 leads on PostgreSQL: the server time of a page of the list (first and deep
// pages, from Server-Timing), and the CSV export of every lead streamed while the server's resident memory
// is sampled: constant memory means its growth stays far below the size of the file.
// Targets: a page in ≤ 200 ms of server time; RSS growth during the export ≤ a quarter of the CSV's size.

import { readFileSync } from 'node:fs';
import pg from 'pg';
import { buildIfStale, startServer } from '../e2e/src/serverProcess';
import { publishBenchQuiz } from './publishedQuiz';
import { createScratchDatabase } from './scratchDatabase';

const LEADS = 100_000;
const PAGE_TARGET_MS = 200;
const PAGES = 20;

const scratch = await createScratchDatabase();
const databaseUrl = scratch.url;

buildIfStale();
const server = await startServer({ DATABASE_URL: databaseUrl, SERVER_TIMING: 'true', WORKER: 'off' });
const db = new pg.Client({ connectionString: databaseUrl });
const residentKb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
};
try {
  await db.connect();
  const published = await publishBenchQuiz(server);
  const { accountId, cookie } = published;
  const quizId = published.quiz.id;
  // 100,000 leads over the last days, each with one delivery, as the visitor API would have stored them.
  await db.query(
    `insert into leads (id, account_id, quiz_id, snapshot_id, snapshot_version, visit_id, email, name, consent,
       consent_text, outcome_id, answers, score, url_fields, ip_hash, delivery_status, created_at)
     select gen_random_uuid(), $1, $2, $3, 1, 'bench-visit-' || g, 'lead' || g || '@example.com', 'Bench, "Lead"',
       true, null, null, '[]'::jsonb, g % 30, '{"utm_source":"bench"}'::jsonb, 'hash', 'delivered',
       now() - g * interval '3 seconds'
     from generate_series(1, ${LEADS}) g`,
    [accountId, quizId, published.snapshotId],
  );
  await db.query(
    `insert into lead_deliveries (id, lead_id, account_id, quiz_id, destination_type, destination_key,
       destination_name, destination, idempotency_key, state, attempts, finished_at)
     select gen_random_uuid(), id, account_id, quiz_id, 'webhook', 'webhook:bench', 'CRM webhook', '{}'::jsonb,
       id || ':webhook:bench', 'delivered', 1, created_at from leads where quiz_id = $1`,
    [quizId],
  );
  await db.query('analyze');

  const origin = new URL(server.appUrl).origin;
  const leadsUrl = `${origin}/accounts/${accountId}/quizzes/${quizId}/leads`;
  const serverTime = (response: Response) =>
    Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN);
  const firstPages: number[] = [];
  const deepPages: number[] = [];
  for (let round = 0; round < PAGES; round += 1) {
    let response = await fetch(`${leadsUrl}?limit=50`, { headers: { cookie } });
    if (!response.ok) throw new Error(`leads list: ${response.status} ${await response.text()}`);
    firstPages.push(serverTime(response));
    // Ten pages further on, by the cursor each page hands out.
    let body = (await response.json()) as { nextCursor: string | null };
    for (let page = 0; page < 10 && body.nextCursor; page += 1) {
      response = await fetch(`${leadsUrl}?limit=50&cursor=${encodeURIComponent(body.nextCursor)}`, {
        headers: { cookie },
      });
      body = (await response.json()) as { nextCursor: string | null };
    }
    deepPages.push(serverTime(response));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const worst = (values: number[]) => Math.max(...values);

  const before = residentKb();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentKb());
  }, 20);
  const csv = await fetch(`${leadsUrl}.csv`, { headers: { cookie } });
  if (!csv.ok || !csv.body) throw new Error(`CSV: ${csv.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of csv.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  clearInterval(sampler);
  const growthKb = peak - before;

  console.log(
    `list of ${LEADS.toLocaleString('en-US')} leads, 50 a page, server time over ${PAGES} rounds: first page median ${median(firstPages).toFixed(1)} ms, worst ${worst(firstPages).toFixed(1)} ms; eleventh page median ${median(deepPages).toFixed(1)} ms, worst ${worst(deepPages).toFixed(1)} ms`,
  );
  console.log(
    `CSV: ${(bytes / 1024 / 1024).toFixed(1)} MB, ${lines.toLocaleString('en-US')} lines; server RSS ${Math.round(before / 1024)} MB before, peak ${Math.round(peak / 1024)} MB during (growth ${(growthKb / 1024).toFixed(1)} MB)`,
  );
  const ratios = {
    page: worst([...firstPages, ...deepPages]) / PAGE_TARGET_MS,
    memory: growthKb / 1024 / (bytes / 1024 / 1024 / 4),
  };
  console.log(
    `ratios (must be ≤ 1.00): worst page ÷ 200 ms ${ratios.page.toFixed(2)}; RSS growth ÷ a quarter of the CSV ${ratios.memory.toFixed(2)}`,
  );
  if (Object.values(ratios).some((ratio) => ratio > 1) || lines !== LEADS + 1) process.exitCode = 1;
} finally {
  await server.stop();
  await db.end().catch(() => {});
  await scratch.drop();
}
