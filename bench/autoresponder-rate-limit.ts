// Delivery to an email service under its rate limit, on PostgreSQL: 1,000 leads stored while the worker is
// off, then one worker process (`apps/server/dist/worker.js`) delivering them to the Sendlane fake, which
// answers after 100 ms and allows 10 requests a second (429 with Retry-After beyond). One request per lead,
// so the floor is 100 s; the figure is the time taken against that floor, with every lead arriving once
// and no 429 left unhandled (every delivery ends delivered).
// Target: none fixed by the issue beyond "none lost or duplicated"; the ratio is recorded.

import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { startSendlaneFake } from '../apps/server/src/features/integrations/fakes/autoresponders/sendlaneFake';
import { buildIfStale, repoRoot, startServer } from '../e2e/src/serverProcess';
import { publishBenchQuiz } from './publishedQuiz';
import { createScratchDatabase } from './scratchDatabase';
import { postAsVisitor, visitorAddress, visitorAgent } from './visitorPosts';

const LEADS = Number(process.env.LEADS ?? 1_000);
const LATENCY_MS = 100;
const RATE_LIMIT = 10;

const fake = await startSendlaneFake({ latencyMs: LATENCY_MS, requestsPerSecond: RATE_LIMIT });
const scratch = await createScratchDatabase();
const shared = {
  DATABASE_URL: scratch.url,
  OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  ...fake.env,
  SENDLANE_REQUESTS_PER_SECOND: process.env.SENDLANE_REQUESTS_PER_SECOND ?? String(RATE_LIMIT),
};

buildIfStale();
const server = await startServer({ ...shared, TRUST_PROXY: 'true', WORKER: 'off' });
const db = new pg.Client({ connectionString: scratch.url });
let worker: ReturnType<typeof spawn> | undefined;
try {
  await db.connect();
  const published = await publishBenchQuiz(server, async ({ call, accountId }) => {
    const connection = (await call('POST', `/accounts/${accountId}/autoresponders/sendlane/apikey`, {
      connectionName: 'Bench Sendlane',
      ...fake.demoCredentials,
    })) as { id: string };
    const { targets } = (await call(
      'GET',
      `/accounts/${accountId}/autoresponders/sendlane/${connection.id}/targets`,
    )) as { targets: { id: string }[] };
    return {
      type: 'api',
      connectionId: connection.id,
      targetServiceName: 'sendlane',
      targetId: targets[0]?.id ?? null,
    };
  });
  for (let index = 0; index < LEADS; index += 1) {
    const status = await postAsVisitor(
      `${server.publishUrl}/_q/leads`,
      JSON.stringify({
        snapshotId: published.snapshotId,
        visitId: `bench-limit-${String(index).padStart(12, '0')}`,
        answers: published.answers,
        email: `limited${index}@example.com`,
        name: 'Bench Lead',
        consent: true,
        pageUrl: published.url,
      }),
      visitorAddress(index),
    );
    if (status !== 200) throw new Error(`lead ${index}: ${status}`);
  }
  const requestsBefore = fake.server.requestCount();
  const limitedBefore = fake.server.rateLimitedCount();

  const startedAt = performance.now();
  worker = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/worker.js')], {
    cwd: repoRoot,
    env: { ...process.env, ...shared, DATA_DIR: server.dataDir, SMTP_URL: '' },
    stdio: 'ignore',
  });
  const count = async (query: string) => Number((await db.query(query)).rows[0].count);
  const deadline = Date.now() + 15 * 60_000;
  while ((await count("select count(*) from lead_deliveries where state = 'delivered'")) < LEADS) {
    if (Date.now() > deadline) throw new Error('not every lead was delivered in 15 minutes');
    if ((await count("select count(*) from lead_deliveries where state = 'failed'")) > 0) {
      throw new Error('a delivery failed');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - startedAt) / 1000;
  const subscribed = fake.contacts().filter((contact) => contact.email.startsWith('limited'));
  const distinct = new Set(subscribed.map((contact) => contact.email)).size;
  const rateLimited = fake.server.rateLimitedCount() - limitedBefore;
  const retries = (await count('select count(*) from delivery_attempts')) - LEADS;
  // The fake upserts, so a repeat would not show as a second contact: count the accepted requests instead.
  const accepted = await count(
    'select count(*) from delivery_attempts where status_code between 200 and 299',
  );
  const floor = LEADS / RATE_LIMIT;

  console.log(
    `delivery: ${LEADS} leads to the Sendlane fake (${LATENCY_MS} ms per answer, ${RATE_LIMIT} requests/s allowed), one worker process, requests spaced at ${shared.SENDLANE_REQUESTS_PER_SECOND}/s: ${seconds.toFixed(1)} s`,
  );
  console.log(
    `requests: ${fake.server.requestCount() - requestsBefore}; answered 429: ${rateLimited} (each retried: ${retries} attempts beyond one per lead); contacts ${subscribed.length}, distinct ${distinct}; requests accepted ${accepted} (one per lead when none was sent twice)`,
  );
  console.log(`ratio: time ÷ the rate limit's floor (${floor} s) = ${(seconds / floor).toFixed(2)}`);
  if (distinct !== LEADS || subscribed.length !== LEADS || accepted !== LEADS) process.exitCode = 1;
} finally {
  worker?.kill('SIGTERM');
  visitorAgent.destroy();
  await fake.close();
  await server.stop();
  await db.end().catch(() => {});
  await scratch.drop();
}
