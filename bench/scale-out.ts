// Scale-out on one machine: two server processes on one PostgreSQL (rate limits in Redis) behind the balancer
// the scale-out test uses (Caddy from Debian's packages, or the test's round-robin proxy when Caddy is missing).
// 1. Published-page requests per second through the balancer with one backend, then with two (wrk; the same
//    balancer, restarted with one or two upstreams; two runs of each, alternating), with the CPU the balancer
//    used; for scale, the same servers without the balancer (one wrk on one server, then one wrk on each).
// 2. Leads at a steady 200/s for 20 s through the balancer with both backends, one of them SIGKILLed after
//    10 s: p50/p99 of the lead posts, how many were not answered 2xx, and how many acknowledged leads are
//    missing from the database afterwards.
// Targets: two backends serve ≥ 1.6 × one's requests/s; lead p99 < 50 ms with the kill; no acknowledged lead lost.

import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { Balancer } from '../e2e/src/scaleOut/balancer';
import { startBalancer } from '../e2e/src/scaleOut/balancer';
import { startCluster } from '../e2e/src/scaleOut/cluster';
import { portOf } from '../e2e/src/scaleOut/quizOwner';
import { buildIfStale, freePort } from '../e2e/src/serverProcess';
import { publishBenchQuiz } from './publishedQuiz';
import { postAsVisitor, visitorAddress, visitorAgent } from './visitorPosts';
import { ensureDebianTools, type WrkResult, wrk } from './wrk';

const SCALE_TARGET = 1.6;
const P99_TARGET_MS = 50;
const LEADS_PER_SECOND = 200;
const LEAD_SECONDS = 20;
const KILL_AFTER_MS = 10_000;
/** Not the test's Redis database: both may run on one machine. */
const REDIS_DATABASE = 8;
const PAGE_LOAD = { cpus: '0,1', threads: 2, connections: 64, seconds: 10 };
/** Linux's clock ticks per second (USER_HZ), in which /proc/PID/stat counts CPU time. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds a process has used so far (user and system), from /proc. */
function cpuSecondsOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

await ensureDebianTools([{ command: 'wrk', pkg: 'wrk' }]);
buildIfStale();
const balancerPort = await freePort();
const cluster = await startCluster({ serverCount: 2, balancerPort, redisDatabase: REDIS_DATABASE });
const [serverA, serverB] = cluster.servers;
if (!serverA || !serverB) throw new Error('the cluster did not start two servers');
const backendPorts = cluster.servers.map((server) => portOf(server.appUrl));
let balancer: Balancer | undefined;
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
  const pageBytes = (await (await fetch(published.url)).arrayBuffer()).byteLength;

  // 1. Pages: one backend, then two, through the balancer (restarted for each run, warmed up first); and,
  // for scale, the servers without the balancer: one wrk on one server, then one wrk on each.
  const oneServer: WrkResult[] = [];
  const twoServers: WrkResult[] = [];
  const balancerCores: Record<'one' | 'two', number[]> = { one: [], two: [] };
  const directOne: number[] = [];
  const directTwo: number[] = [];
  const directUrl = (port: number) => `http://127.0.0.1:${port}${new URL(published.url).pathname}`;
  const half = { ...PAGE_LOAD, threads: 1, connections: PAGE_LOAD.connections / 2 };
  for (let round = 0; round < 2; round += 1) {
    for (const [name, results, ports] of [
      ['one', oneServer, backendPorts.slice(0, 1)],
      ['two', twoServers, backendPorts],
    ] as const) {
      const { pid } = await balancerFor([...ports]);
      await wrk(published.url, { ...PAGE_LOAD, seconds: 3 });
      const cpuBefore = cpuSecondsOf(pid);
      results.push(await wrk(published.url, PAGE_LOAD));
      balancerCores[name].push((cpuSecondsOf(pid) - cpuBefore) / PAGE_LOAD.seconds);
    }
    directOne.push((await wrk(directUrl(backendPorts[0] ?? 0), PAGE_LOAD)).requestsPerSecond);
    const both = await Promise.all(backendPorts.map((port) => wrk(directUrl(port), half)));
    directTwo.push(both.reduce((sum, result) => sum + result.requestsPerSecond, 0));
  }
  const failures = [...oneServer, ...twoServers].reduce((sum, result) => sum + result.non2xx, 0);
  if (failures > 0) throw new Error(`${failures} page requests were not answered 2xx`);
  const best = (results: WrkResult[]) => Math.max(...results.map((result) => result.requestsPerSecond));
  const scale = best(twoServers) / best(oneServer);
  const directScale = Math.max(...directTwo) / Math.max(...directOne);

  // 2. Leads at a steady rate through both backends; one is killed midway.
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

  const rates = (results: WrkResult[]) =>
    `${results.map((result) => result.requestsPerSecond.toFixed(0)).join(', ')} requests/s; p99 ${results.map((result) => result.latencyP99Ms.toFixed(2)).join(', ')} ms`;
  console.log(
    `published page (${pageBytes} bytes, uncompressed) through ${kind}, wrk ${PAGE_LOAD.connections} connections, ${PAGE_LOAD.seconds} s per run:`,
  );
  const cores = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
  console.log(`  one server : ${rates(oneServer)}; ${kind} busy ${cores(balancerCores.one)} cores`);
  console.log(`  two servers: ${rates(twoServers)}; ${kind} busy ${cores(balancerCores.two)} cores`);
  console.log(`  two ÷ one (best runs): ${scale.toFixed(2)}`);
  const plain = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
  console.log(
    `  for scale, without the balancer: one server ${plain(directOne)} requests/s; two servers (a wrk each) ${plain(directTwo)}; two ÷ one ${directScale.toFixed(2)}`,
  );
  console.log(
    `leads: ${total} at ${LEADS_PER_SECOND}/s through ${kind}, one of two servers SIGKILLed at ${(killedAtMs / 1000).toFixed(1)} s: p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms; ${notAnswered2xx} not answered 2xx; ${acknowledged.length} acknowledged, ${stored.size} stored, ${lost} acknowledged and lost`,
  );
  const ratios = { scale: SCALE_TARGET / scale, leadsP99: at(0.99) / P99_TARGET_MS };
  console.log(
    `ratios (must be ≤ 1.00): ${SCALE_TARGET.toFixed(2)} ÷ (two ÷ one) ${ratios.scale.toFixed(2)}; leads p99 ÷ 50 ms ${ratios.leadsP99.toFixed(2)}; lost leads must be 0: ${lost}`,
  );
  if (Object.values(ratios).some((ratio) => ratio > 1) || lost > 0) process.exitCode = 1;
} finally {
  await balancer?.stop();
  visitorAgent.destroy();
  await db.end().catch(() => {});
  await cluster.stop();
}
