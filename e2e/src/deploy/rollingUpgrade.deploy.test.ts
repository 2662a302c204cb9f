import type { Quiz } from '@quizbeam/contracts/quiz';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Balancer } from '../scaleOut/balancer';
import { startCaddyBalancer } from '../scaleOut/caddyBalancer';
import { type Cluster, startCluster } from '../scaleOut/cluster';
import { ensureCaddy } from '../scaleOut/ensureCaddy';
import { closeIdleConnections, sendHttp, type Target } from '../scaleOut/httpClient';
import { appOn, portOf, publishOn, type QuizOwner, signUpQuizOwner } from '../scaleOut/quizOwner';
import { missingServices } from '../scaleOut/services';
import { type LiveQuiz, liveQuizOf, postLead } from '../scaleOut/visitors';
import { buildIfStale, freePort, type RunningServer } from '../serverProcess';
import { requestsAnswered, startBuildServer } from './rollingUpgrade/buildProcess';
import {
  appliedMigrations,
  hasColumn,
  holdMigrationLock,
  leadCountsByEmail,
  waitingForMigrationLock,
} from './rollingUpgrade/databaseChecks';
import { type InstalledBuild, installBuild } from './rollingUpgrade/installedBuild';
import { ADDED_COLUMN, CONTRACT, EXPAND } from './rollingUpgrade/schemaChanges';
import {
  countsByKind,
  startTraffic,
  type Traffic,
  type TrafficReport,
  unexpected,
} from './rollingUpgrade/traffic';

/*
 * A rolling upgrade as an operator runs one: two server processes on one PostgreSQL behind Caddy (active
 * health checks on /readyz, a refused request tried on the other backend), replaced one at a time by a newer
 * build (SIGTERM, the newer build started on the same port, its traffic seen, then the other), under visitors
 * and an account holder who keep saving and republishing. Build v2 adds an expand migration, v3 the matching
 * contract one. A stopping process goes on serving for SHUTDOWN_DRAIN_MS with /readyz at 503, so that Caddy
 * takes it out before its listener closes. Processes rather than containers: what is under test is the proxy,
 * the drain and the migration lock, which behave the same either way; the image itself is built and run by
 * containerImage.deploy.test.ts.
 */

const missing = await missingServices();
const caddyPath = missing ? null : ensureCaddy();
const skipReason = missing ?? (caddyPath ? null : 'Caddy could not be installed');
if (skipReason) console.log(`Skipping the rolling upgrade: ${skipReason}.`);

/** A Redis logical database of this test's own (the scale-out test takes 7, its bench 8). */
const REDIS_DATABASE = 9;
const VISITORS_PER_SECOND = 10;
/** Traffic before the first process is stopped and after the last one is replaced. */
const STEADY_MS = 2_000;
/**
 * How long a stopping process goes on serving with /readyz at 503: above Caddy's health_interval (1 s, see
 * caddyBalancer.ts) with room for a slow check, so the balancer has stopped sending before the listener closes.
 */
const DRAIN_MS = 2_500;
/** Requests a replacement must have answered through the balancer before the next process is stopped. */
const SERVED_BEFORE_NEXT = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(skipReason !== null)('a rolling upgrade behind Caddy', () => {
  let v2: InstalledBuild;
  let v3: InstalledBuild;
  let cluster: Cluster;
  let balancer: Balancer;
  let owner: QuizOwner;
  let quiz: Quiz;
  let live: LiveQuiz;
  let app: Target;
  let site: Target;
  let serverEnv: Record<string, string>;
  /** The process behind each of the balancer's two backends, as they are replaced. */
  const running: RunningServer[] = [];
  const ports: number[] = [];
  const startedHere: RunningServer[] = [];
  /** Leads sent straight to one process, outside the traffic; stored like the others. */
  const directLeads: string[] = [];

  beforeAll(async () => {
    buildIfStale();
    v2 = installBuild('v2', [EXPAND]);
    v3 = installBuild('v3', [EXPAND, CONTRACT]);
    const balancerPort = await freePort();
    cluster = await startCluster({
      serverCount: 2,
      balancerPort,
      redisDatabase: REDIS_DATABASE,
      env: {
        LOG_REQUESTS: 'true',
        SUPPORT_EMAIL: 'support@quizbeam.test',
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      },
    });
    serverEnv = { ...cluster.env, WORKER: 'off' };
    running.push(...cluster.servers);
    ports.push(...running.map((server) => portOf(server.appUrl)));
    balancer = await startCaddyBalancer(caddyPath ?? '', {
      httpPort: balancerPort,
      backendPorts: ports,
      tlsAskPort: ports[0] ?? 0,
    });
    app = appOn(balancerPort);
    site = publishOn(balancerPort);
    owner = await signUpQuizOwner(cluster, app);
    quiz = await owner.publish(app, await owner.newQuiz(app, { enabled: true }));
    live = await liveQuizOf(site, quiz);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(startedHere.map((server) => server.stop()));
    await balancer?.stop();
    await cluster?.stop();
    v2?.remove();
    v3?.remove();
    closeIdleConnections();
  });

  /** What happened when, in ms since the phase's traffic started: printed with the results. */
  let timeline: string[] = [];
  let sinceTrafficStarted = () => 0;
  const mark = (what: string) => timeline.push(`${sinceTrafficStarted()} ${what}`);

  /** Caddy's lines about health checks and upstreams: why a backend was left out, for a failure's message. */
  const balancerHealthLog = () =>
    balancer
      .output()
      .split('\n')
      .filter((line) => line.includes('health') || line.includes('upstream'))
      .slice(-40)
      .join('\n');

  function startPhaseTraffic(label: string) {
    timeline = [];
    const traffic = startTraffic({
      site,
      app,
      live,
      owner,
      quiz,
      visitorsPerSecond: VISITORS_PER_SECOND,
      label,
    });
    sinceTrafficStarted = traffic.elapsed;
    // Stopped with the test even when it fails midway, so that no traffic runs on into the next one.
    onTestFinished(async () => {
      await traffic.stop();
    });
    return traffic;
  }

  /** SIGTERM, as an operator stops a process: it drains, finishes what it took, then exits. */
  async function stopGracefully(server: RunningServer, name: string): Promise<void> {
    mark(`SIGTERM ${name}`);
    const signalledAt = performance.now();
    await server.stop();
    mark(`${name} exited`);
    expect(
      performance.now() - signalledAt,
      'SIGTERM to exit: SHUTDOWN_DRAIN_MS first',
    ).toBeGreaterThanOrEqual(DRAIN_MS);
  }

  /** Waits until the balancer sends `server` traffic again: it passed a health check and is back in turn. */
  async function untilServedThroughBalancer(server: RunningServer, name: string): Promise<void> {
    const before = requestsAnswered(server);
    await expect
      .poll(() => requestsAnswered(server) - before, { timeout: 20_000, interval: 100 })
      .toBeGreaterThanOrEqual(SERVED_BEFORE_NEXT);
    mark(`${name} serving through Caddy`);
  }

  async function replace(slot: number, build: InstalledBuild): Promise<void> {
    const name = `backend ${slot + 1}`;
    await stopGracefully(running[slot] as RunningServer, `${name} (old)`);
    const next = await startBuildServer(build, serverEnv, ports[slot] ?? 0);
    startedHere.push(next);
    running[slot] = next;
    mark(`${name} (${build.label}) listening`);
    await untilServedThroughBalancer(next, `${name} (${build.label})`);
  }

  /** A lead posted to one process directly (so we know which build took it), then counted with the traffic's. */
  async function leadStraightTo(server: RunningServer, label: string): Promise<number> {
    const email = `${label}@example.com`;
    directLeads.push(email);
    return postLead(publishOn(portOf(server.publishUrl)), live, {
      visitId: `direct-${label}`,
      email,
      address: `192.0.2.${directLeads.length}`,
    });
  }

  async function expectNothingFailedOrLost(report: TrafficReport, phase: string): Promise<void> {
    quiz = report.quiz;
    const counts = countsByKind(report);
    console.log(
      `rolling upgrade (${phase}): ${report.exchanges.length} requests ${JSON.stringify(counts)}\n${timeline.join('\n')}`,
    );
    expect(unexpected(report), `timeline:\n${timeline.join('\n')}\nCaddy:\n${balancerHealthLog()}`).toEqual(
      [],
    );
    expect(counts.lead ?? 0).toBeGreaterThan(50);
    expect(counts.publish ?? 0).toBeGreaterThan(2);
    // Every lead sent is stored exactly once: none lost, none twice.
    const stored = await leadCountsByEmail(cluster.databaseUrl, quiz.id);
    const sent = [...report.leadsSent, ...directLeads];
    expect(sent.filter((email) => stored.get(email) !== 1)).toEqual([]);
  }

  async function expectEachMigrationOnce(build: InstalledBuild): Promise<void> {
    const applied = await appliedMigrations(cluster.databaseUrl);
    expect(applied).toHaveLength(build.migrationTags.length);
    expect(applied.filter((migration) => migration.times !== 1)).toEqual([]);
  }

  it('rolls v1 to v2 (expand: a nullable column) with no failed request, the migration run once', async () => {
    // An expand migration may run before any backend is replaced: here by the first two v2 processes (two more
    // processes, beside the v1 backends), started at the same moment while the lock is held as by a process in
    // the middle of migrating. Both are seen waiting. They start before the traffic, so that their start does
    // not compete with the serving processes for the test machine's two cores; the lock is let go under
    // traffic, one of them applies the migration and the other, waiting again, finds nothing left to do.
    const lock = await holdMigrationLock(cluster.databaseUrl);
    const together = Promise.allSettled(
      [await freePort(), await freePort()].map((port) =>
        startBuildServer(v2, serverEnv, port).then((server) => {
          startedHere.push(server);
          return server;
        }),
      ),
    );
    let traffic: Traffic | undefined;
    try {
      await expect
        .poll(() => waitingForMigrationLock(cluster.databaseUrl), { timeout: 60_000, interval: 100 })
        .toBe(2);
      expect(await hasColumn(cluster.databaseUrl, ADDED_COLUMN.table, ADDED_COLUMN.column)).toBe(false);
      traffic = startPhaseTraffic('expand');
      mark('two v2 processes started together, both waiting for the lock');
      await sleep(STEADY_MS);
    } finally {
      await lock.release();
    }
    mark('lock released');
    const extras = (await together).map((started) => {
      if (started.status === 'rejected') throw started.reason;
      return started.value;
    });
    mark('both v2 processes listening');
    expect(await hasColumn(cluster.databaseUrl, ADDED_COLUMN.table, ADDED_COLUMN.column)).toBe(true);
    await expectEachMigrationOnce(v2);
    await Promise.all(extras.map((extra, index) => stopGracefully(extra, `extra v2 process ${index + 1}`)));

    // v1 beside the widened table: the old build keeps taking leads.
    expect(await leadStraightTo(running[0] as RunningServer, 'v1-after-expand')).toBe(200);
    await replace(0, v2);
    await replace(1, v2);
    await sleep(STEADY_MS);
    await expectNothingFailedOrLost(await traffic.stop(), 'expand');
    await expectEachMigrationOnce(v2);
  }, 300_000);

  it('then rolls v2 to v3 (contract: the column dropped) the same way', async () => {
    const traffic = startPhaseTraffic('contract');
    await sleep(STEADY_MS);
    await replace(0, v3);
    expect(await hasColumn(cluster.databaseUrl, ADDED_COLUMN.table, ADDED_COLUMN.column)).toBe(false);
    // v2 beside v3: the build that never used the column keeps working once it is gone.
    expect(await leadStraightTo(running[1] as RunningServer, 'v2-after-contract')).toBe(200);
    await replace(1, v3);
    await sleep(STEADY_MS);
    await expectNothingFailedOrLost(await traffic.stop(), 'contract');
    await expectEachMigrationOnce(v3);
    for (const server of running) {
      const readyz = await sendHttp(appOn(portOf(server.appUrl)), 'GET', '/readyz');
      expect(JSON.parse(readyz.body)).toMatchObject({
        status: 'ready',
        checks: { migrations: { ok: true, detail: `${v3.migrationTags.length} applied` } },
      });
    }
  }, 300_000);
});
