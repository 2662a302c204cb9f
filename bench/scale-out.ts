// Scale-out on one machine: two server processes on one PostgreSQL (rate limits in Redis) behind the balancer
// the scale-out test uses (Caddy from Debian's packages, or the test's round-robin proxy when Caddy is missing).
// 1. Published-page requests per second of the servers without a balancer: one wrk on one server, then one wrk
//    on each of two (two runs of each), with the CPU each server used.
// 2. For information, with no target: the same page through the balancer with one backend, then two (the same
//    balancer restarted with one or two upstreams; two runs of each, alternating), and the balancer in front of
//    a trivial upstream (bare node:http answering the page's bytes), with the CPU the balancer, the servers and
//    the whole machine used: on two shared cores the balancer is the bottleneck, not the servers.
// 3. Leads at a steady 200/s for 20 s through the balancer with both backends, one of them SIGKILLed after
//    10 s: p50/p99 of the lead posts, how many were not answered 2xx, and how many acknowledged leads are
//    missing from the database afterwards.
// Targets: lead p99 < 50 ms with the kill; no acknowledged lead lost.

import pg from 'pg';
import type { Balancer } from '../e2e/src/scaleOut/balancer';
import { startBalancer } from '../e2e/src/scaleOut/balancer';
import { startCluster } from '../e2e/src/scaleOut/cluster';
import { portOf } from '../e2e/src/scaleOut/quizOwner';
import { buildIfStale, freePort } from '../e2e/src/serverProcess';
import { type CpuUse, startCpuSample } from './processCpu';
import { publishBenchQuiz } from './publishedQuiz';
import { startTrivialUpstream, type TrivialUpstream } from './trivialUpstream';
import { postAsVisitor, visitorAddress, visitorAgent } from './visitorPosts';
import { ensureDebianTools, type WrkResult, wrk } from './wrk';

const P99_TARGET_MS = 50;
const LEADS_PER_SECOND = 200;
const LEAD_SECONDS = 20;
const KILL_AFTER_MS = 10_000;
/** Not the test's Redis database: both may run on one machine. */
const REDIS_DATABASE = 8;
const PAGE_LOAD = { cpus: '0,1', threads: 2, connections: 64, seconds: 10 };
const HALF_LOAD = { ...PAGE_LOAD, threads: 1, connections: PAGE_LOAD.connections / 2 };
const ROUNDS = 2;

interface Measured {
  requestsPerSecond: number;
  latencyP99Ms: number;
  non2xx: number;
  cpu: CpuUse;
}

/** Runs the given wrk loads at once, counting the CPU of the given processes meanwhile. */
async function measure(
  loads: { url: string; load: typeof PAGE_LOAD }[],
  pids: (number | undefined)[],
): Promise<Measured> {
  const stop = startCpuSample(pids);
  const results: WrkResult[] = await Promise.all(loads.map(({ url, load }) => wrk(url, load)));
  const cpu = stop();
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requestsPerSecond, 0),
    latencyP99Ms: Math.max(...results.map((result) => result.latencyP99Ms)),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    cpu,
  };
}

const fixed = (values: number[], digits: number) => values.map((value) => value.toFixed(digits)).join(', ');
const best = (runs: Measured[]) => Math.max(...runs.map((run) => run.requestsPerSecond));
/** Microseconds of CPU the process at `index` spent per request, averaged over the runs. */
const cpuMicrosecondsPerRequest = (runs: Measured[], index: number) =>
  (runs.reduce((sum, run) => sum + ((run.cpu.processCores[index] ?? 0) * 1e6) / run.requestsPerSecond, 0) /
    runs.length) |
  0;
/** One line of runs: rates, p99s, and the cores each named process and the machine kept busy. */
function describe(runs: Measured[], names: string[]): string {
  const cores = names
    .map(
      (name, index) =>
        `${name} ${fixed(
          runs.map((run) => run.cpu.processCores[index] ?? 0),
          2,
        )}`,
    )
    .join('; ');
  return `${fixed(
    runs.map((run) => run.requestsPerSecond),
    0,
  )} requests/s; p99 ${fixed(
    runs.map((run) => run.latencyP99Ms),
    2,
  )} ms; cores busy: ${cores}; machine ${fixed(
    runs.map((run) => run.cpu.machineCores),
    2,
  )} of 2`;
}

await ensureDebianTools([{ command: 'wrk', pkg: 'wrk' }]);
buildIfStale();
const balancerPort = await freePort();
const cluster = await startCluster({ serverCount: 2, balancerPort, redisDatabase: REDIS_DATABASE });
const [serverA, serverB] = cluster.servers;
if (!serverA || !serverB) throw new Error('the cluster did not start two servers');
const backendPorts = cluster.servers.map((server) => portOf(server.appUrl));
let balancer: Balancer | undefined;
let upstream: TrivialUpstream | undefined;
/** The balancer, (re)started in front of the given servers. */
async function balancerFor(ports: number[]): Promise<Balancer> {
  await balancer?.stop();
  balancer = await startBalancer({
    httpPort: balancerPort,
    backendPorts: ports,
    tlsAskPort: backendPorts[0] ?? 0,
  });
  return balancer;
}
const db = new pg.Client({ connectionString: cluster.databaseUrl });

try {
  await db.connect();
  const { kind } = await balancerFor(backendPorts);
  const published = await publishBenchQuiz({
    ...serverA,
    appUrl: cluster.appUrl,
    publishUrl: cluster.publishUrl,
  });
  const pageBytes = Buffer.from(await (await fetch(published.url)).arrayBuffer());
  const pagePath = new URL(published.url).pathname;
  const directUrl = (port: number) => `http://127.0.0.1:${port}${pagePath}`;
  const serverPids = [serverA.pid, serverB.pid];
  upstream = await startTrivialUpstream(pageBytes);
  const upstreamUrl = `http://127.0.0.1:${upstream.port}${pagePath}`;

  // 1 and 2. Pages without the balancer, through it with one and two servers, and through it to the trivial
  // upstream, alternating; each balancer run after a restart and a warm-up.
  const direct: Record<'one' | 'two', Measured[]> = { one: [], two: [] };
  const through: Record<'one' | 'two' | 'trivial', Measured[]> = { one: [], two: [], trivial: [] };
  const upstreamAlone: Measured[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    direct.one.push(await measure([{ url: directUrl(backendPorts[0] ?? 0), load: PAGE_LOAD }], serverPids));
    direct.two.push(
      await measure(
        backendPorts.map((port) => ({ url: directUrl(port), load: HALF_LOAD })),
        serverPids,
      ),
    );
    for (const [name, ports, pids] of [
      ['one', backendPorts.slice(0, 1), serverPids.slice(0, 1)],
      ['two', backendPorts, serverPids],
      ['trivial', [upstream.port], [upstream.pid]],
    ] as const) {
      const { pid } = await balancerFor([...ports]);
      await wrk(published.url, { ...PAGE_LOAD, seconds: 3 });
      through[name].push(await measure([{ url: published.url, load: PAGE_LOAD }], [pid, ...pids]));
    }
    upstreamAlone.push(await measure([{ url: upstreamUrl, load: PAGE_LOAD }], [upstream.pid]));
  }
  const failures = [...direct.one, ...direct.two, ...through.one, ...through.two, ...through.trivial].reduce(
    (sum, run) => sum + run.non2xx,
    0,
  );
  if (failures > 0) throw new Error(`${failures} page requests were not answered 2xx`);
  upstream.stop();
  upstream = undefined;

  // 3. Leads at a steady rate through both backends; one is killed midway.
  await balancerFor(backendPorts);
  const total = LEADS_PER_SECOND * LEAD_SECONDS;
  const leadBody = (index: number) =>
    JSON.stringify({
      snapshotId: published.snapshotId,
      visitId: `scale-out-lead-${String(index).padStart(12, '0')}`,
      answers: published.answers,
      email: `lead${index}@example.com`,
      name: 'Bench Lead',
      consent: true,
      pageUrl: `${published.url}?utm_source=bench`,
    });
  const latencies: number[] = [];
  const acknowledged: string[] = [];
  let notAnswered2xx = 0;
  const startedAt = performance.now();
  let killedAtMs = 0;
  const kill = new Promise<void>((resolve) =>
    setTimeout(() => {
      killedAtMs = performance.now() - startedAt;
      void cluster.killServer(serverB).then(resolve);
    }, KILL_AFTER_MS),
  );
  const pending: Promise<void>[] = [];
  for (let index = 0; index < total; index += 1) {
    const wait = startedAt + (index * 1000) / LEADS_PER_SECOND - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const sentAt = performance.now();
    pending.push(
      postAsVisitor(`${cluster.publishUrl}/_q/leads`, leadBody(index), visitorAddress(index))
        .catch(() => 0)
        .then((status) => {
          latencies.push(performance.now() - sentAt);
          if (status >= 200 && status < 300) acknowledged.push(`lead${index}@example.com`);
          else notAnswered2xx += 1;
        }),
    );
  }
  await Promise.all(pending);
  await kill;
  const stored = new Set(
    (
      await db.query<{ email: string }>('select email from leads where quiz_id = $1', [published.quiz.id])
    ).rows.map((row) => row.email),
  );
  const lost = acknowledged.filter((email) => !stored.has(email)).length;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

  const servers = ['server A', 'server B'];
  console.log(
    `published page (${pageBytes.length} bytes, uncompressed), wrk ${PAGE_LOAD.connections} connections in all, ${PAGE_LOAD.seconds} s per run, ${ROUNDS} runs of each:`,
  );
  console.log('without a balancer:');
  console.log(`  one server : ${describe(direct.one, servers)}`);
  console.log(`  two servers (a wrk each): ${describe(direct.two, servers)}`);
  console.log(
    `  two ÷ one (best runs): ${(best(direct.two) / best(direct.one)).toFixed(2)}; a server's CPU per page ${cpuMicrosecondsPerRequest(direct.one, 0)} µs`,
  );
  console.log(`through ${kind} (for information, no target):`);
  console.log(`  one server : ${describe(through.one, [kind, 'server A'])}`);
  console.log(`  two servers: ${describe(through.two, [kind, ...servers])}`);
  console.log(
    `  trivial upstream (bare node:http, the same bytes): ${describe(through.trivial, [kind, 'upstream'])}`,
  );
  console.log(`  two ÷ one (best runs): ${(best(through.two) / best(through.one)).toFixed(2)}`);
  console.log(
    `  ${kind}'s CPU per page: ${cpuMicrosecondsPerRequest(through.one, 0)} µs with one server, ${cpuMicrosecondsPerRequest(through.two, 0)} µs with two, ${cpuMicrosecondsPerRequest(through.trivial, 0)} µs with the trivial upstream`,
  );
  console.log(`the trivial upstream alone: ${describe(upstreamAlone, ['trivial upstream'])}`);
  console.log(
    `leads: ${total} at ${LEADS_PER_SECOND}/s through ${kind}, one of two servers SIGKILLed at ${(killedAtMs / 1000).toFixed(1)} s: p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms; ${notAnswered2xx} not answered 2xx; ${acknowledged.length} acknowledged, ${stored.size} stored, ${lost} acknowledged and lost`,
  );
  const leadsRatio = at(0.99) / P99_TARGET_MS;
  console.log(
    `ratios (must be ≤ 1.00): leads p99 ÷ 50 ms ${leadsRatio.toFixed(2)}; lost leads must be 0: ${lost}`,
  );
  if (leadsRatio > 1 || lost > 0) process.exitCode = 1;
} finally {
  upstream?.stop();
  await balancer?.stop();
  visitorAgent.destroy();
  await db.end().catch(() => {});
  await cluster.stop();
}
