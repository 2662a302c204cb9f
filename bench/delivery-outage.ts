// An outage of the destination: 2,000 leads arrive (200/s) while the HTML form endpoint is down, it stays
// down for 10 minutes, then comes back; the in-server worker (PostgreSQL) must deliver every lead, none
// twice, on its retry schedule (1 minute doubling, jittered). Prints how long after the recovery the last
// lead arrived. Targets: every lead delivered exactly once.

import { createServer, type Server } from 'node:http';
import pg from 'pg';
import { buildIfStale, startServer } from '../e2e/src/serverProcess';
import { htmlFormDestination, publishBenchQuiz } from './publishedQuiz';
import { createScratchDatabase } from './scratchDatabase';
import { postAsVisitor, visitorAddress, visitorAgent } from './visitorPosts';

const LEADS = 2_000;
const LEADS_PER_SECOND = 200;
const OUTAGE_MS = Number(process.env.OUTAGE_MINUTES ?? 10) * 60_000;
const GIVE_UP_MS = 30 * 60_000;

const received = new Map<string, number>();
function startEndpoint(port: number): Promise<Server> {
  const endpoint = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const email = new URLSearchParams(body).get('email') ?? '';
      received.set(email, (received.get(email) ?? 0) + 1);
      response.writeHead(200).end('ok');
    });
  });
  return new Promise((resolve) => endpoint.listen(port, '127.0.0.1', () => resolve(endpoint)));
}
// A port that is free now and stays closed during the outage: its connections are refused.
const probe = await startEndpoint(0);
const port = (probe.address() as { port: number }).port;
await new Promise((resolve) => probe.close(resolve));

const scratch = await createScratchDatabase();
const databaseUrl = scratch.url;

buildIfStale();
const server = await startServer({
  DATABASE_URL: databaseUrl,
  TRUST_PROXY: 'true',
  OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
});
const db = new pg.Client({ connectionString: databaseUrl });
let endpoint: Server | undefined;
try {
  await db.connect();
  const published = await publishBenchQuiz(server, htmlFormDestination(`http://127.0.0.1:${port}/subscribe`));
  const outageStartedAt = performance.now();
  const pending: Promise<void>[] = [];
  for (let index = 0; index < LEADS; index += 1) {
    const wait = outageStartedAt + (index * 1000) / LEADS_PER_SECOND - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const body = JSON.stringify({
      snapshotId: published.snapshotId,
      visitId: `outage-lead-${String(index).padStart(12, '0')}`,
      answers: published.answers,
      email: `lead${index}@example.com`,
      name: 'Outage Lead',
      consent: true,
      pageUrl: published.url,
    });
    pending.push(
      postAsVisitor(`${server.publishUrl}/_q/leads`, body, visitorAddress(index)).then((status) => {
        if (status < 200 || status >= 300) throw new Error(`lead ${index}: ${status}`);
      }),
    );
  }
  await Promise.all(pending);
  const count = async (state: string) =>
    Number((await db.query('select count(*) from lead_deliveries where state = $1', [state])).rows[0].count);

  const remaining = OUTAGE_MS - (performance.now() - outageStartedAt);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, remaining)));
  const retryingAtRecovery = await count('retrying');
  const attemptsDuringOutage = Number(
    (await db.query('select count(*) from delivery_attempts')).rows[0].count,
  );
  endpoint = await startEndpoint(port);
  const recoveredAt = performance.now();
  while ((await count('delivered')) < LEADS) {
    if (performance.now() - recoveredAt > GIVE_UP_MS)
      throw new Error('not every lead was delivered in 30 minutes');
    if ((await count('failed')) > 0) throw new Error('a delivery failed for good during a 10-minute outage');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const allDeliveredAfterS = (performance.now() - recoveredAt) / 1000;
  const duplicates = [...received.values()].filter((times) => times > 1).length;
  console.log(
    `outage of ${OUTAGE_MS / 60_000} minutes: ${LEADS} leads stored while down (${retryingAtRecovery} deliveries retrying at the recovery after ${attemptsDuringOutage} failed attempts); all delivered ${allDeliveredAfterS.toFixed(0)} s after the endpoint came back; ${received.size} distinct leads received, ${duplicates} more than once`,
  );
  const missing = LEADS - received.size;
  console.log(`ratio (must be 0): leads missing or received twice ${missing + duplicates}`);
  if (missing + duplicates > 0) process.exitCode = 1;
} finally {
  visitorAgent.destroy();
  endpoint?.close();
  await server.stop();
  await db.end().catch(() => {});
  await scratch.drop();
}
