import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deliveryAttempts, leadDeliveries } from '@quizbeam/db/deliverySchema';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../security/rateLimiter';
import {
  addWebhook,
  eventually,
  type LocalEndpoint,
  publishCaptureQuiz,
  startLocalEndpoint,
} from '../../testing/deliveries';
import { PUBLISH_ORIGIN } from '../../testing/publishing';
import { APP_ORIGIN, startTestApp, TEST_ENCRYPTION_KEY, type TestApp } from '../../testing/testApp';

// PGlite allows one process per database, so worker processes are tested on PostgreSQL only.
const onPostgres = Boolean(process.env.DATABASE_URL);
const workerEntry = fileURLToPath(new URL('../../worker.ts', import.meta.url));

let t: TestApp;
let databaseUrl = '';
let dataDir = '';
const children = new Set<ChildProcess>();
const endpoints: LocalEndpoint[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  const manyLeads = { max: 100_000, windowMs: 10_000 };
  t = await startTestApp(
    { APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN },
    { rateLimits: { ...defaultRateLimits, leadsPerIp: manyLeads, leadsPerQuiz: manyLeads } },
  );
  const url = 'url' in t.database ? t.database.url : undefined;
  if (typeof url !== 'string') throw new Error('the test database has no URL');
  databaseUrl = url;
  dataDir = mkdtempSync(path.join(tmpdir(), 'quizbeam-worker-'));
});
afterAll(async () => {
  if (!onPostgres) return;
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(endpoints.map((endpoint) => endpoint.close()));
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run worker`'s entry, from the sources, against the test database. */
function startWorkerProcess(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', workerEntry], {
    cwd: path.dirname(workerEntry),
    env: {
      PATH: process.env.PATH,
      METRICS_PORT: '0',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: t.context.sessionSecret,
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      APP_URL: APP_ORIGIN,
      PUBLISH_URL: PUBLISH_ORIGIN,
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      WORKER_LEASE_MS: '2000',
      WORKER_POLL_MS: '50',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** A webhook receiver that takes each idempotency key once, as a careful destination does. */
async function dedupingEndpoint(hold: (index: number) => boolean) {
  const accepted = new Map<string, number>();
  const endpoint = await startLocalEndpoint((request, index) => {
    if (hold(index)) return 'hold';
    const key = String(request.headers['webhook-id']);
    accepted.set(key, (accepted.get(key) ?? 0) + 1);
    return { status: 200, body: accepted.get(key) === 1 ? 'stored' : 'already stored' };
  });
  endpoints.push(endpoint);
  return { endpoint, accepted };
}

async function webhookQuiz(url: string) {
  const account = await t.signIn();
  const webhookId = await addWebhook(t, account.accountId, url);
  return publishCaptureQuiz(t, account, { type: 'api', webhookIds: [webhookId] });
}

async function postLeads(postLead: (email: string) => Promise<string>, total: number): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < total; start += 50) {
    const batch = Array.from(
      { length: Math.min(50, total - start) },
      (_, i) => `lead${start + i}@example.com`,
    );
    ids.push(...(await Promise.all(batch.map((email) => postLead(email)))));
  }
  return ids;
}

const statesOf = async (leadIds: string[]) =>
  (
    await t.database.db
      .select({ state: leadDeliveries.state })
      .from(leadDeliveries)
      .where(inArray(leadDeliveries.leadId, leadIds))
  ).map((row) => row.state);

describe.skipIf(!onPostgres)('worker processes on PostgreSQL', () => {
  it('a worker killed mid-delivery is restarted and every lead arrives exactly once', {
    timeout: 60_000,
  }, async () => {
    const { endpoint, accepted } = await dedupingEndpoint((index) => index < 5);
    const { postLead } = await webhookQuiz(`${endpoint.url}/hook`);
    const leadIds = await postLeads(postLead, 20);

    const first = startWorkerProcess();
    await eventually(
      async () => {
        const states = await statesOf(leadIds);
        const delivered = states.filter((state) => state === 'delivered').length;
        return endpoint.held.length === 5 && delivered === 15 ? true : undefined;
      },
      'five held requests and fifteen deliveries',
      20_000,
    );
    await kill(first);
    for (const held of endpoint.held) held.destroy();
    // Killed mid-delivery: nothing was marked done, nothing lost.
    expect((await statesOf(leadIds)).filter((state) => state === 'pending')).toHaveLength(5);

    startWorkerProcess();
    await eventually(
      async () => ((await statesOf(leadIds)).every((state) => state === 'delivered') ? true : undefined),
      'every delivery delivered after the restart',
      20_000,
    );
    expect(accepted.size).toBe(20);
    const keys = await t.database.db
      .select({ key: leadDeliveries.idempotencyKey })
      .from(leadDeliveries)
      .where(inArray(leadDeliveries.leadId, leadIds));
    expect(new Set(keys.map((row) => row.key))).toEqual(new Set(accepted.keys()));
    // Each delivery records the one attempt that finished; the killed attempts left no result.
    const [attempts] = await t.database.db
      .select({ total: count() })
      .from(deliveryAttempts)
      .innerJoin(leadDeliveries, eq(leadDeliveries.id, deliveryAttempts.deliveryId))
      .where(inArray(leadDeliveries.leadId, leadIds));
    expect(attempts?.total).toBe(20);
  });

  it('two workers deliver 1,000 leads with no duplicate', { timeout: 120_000 }, async () => {
    const { endpoint, accepted } = await dedupingEndpoint(() => false);
    const { postLead } = await webhookQuiz(`${endpoint.url}/hook`);
    const leadIds = await postLeads(postLead, 1_000);
    const workers = [startWorkerProcess(), startWorkerProcess()];
    await eventually(
      async () => ((await statesOf(leadIds)).every((state) => state === 'delivered') ? true : undefined),
      'all 1,000 deliveries',
      60_000,
    );
    expect(endpoint.received).toHaveLength(1_000);
    expect(accepted.size).toBe(1_000);
    expect([...accepted.values()].every((times) => times === 1)).toBe(true);
    await Promise.all(workers.map(kill));
  });
});
