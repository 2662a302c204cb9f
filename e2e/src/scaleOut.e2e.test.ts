import type { Quiz } from '@quizbeam/contracts/quiz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../../apps/server/src/testing/dnsServer';
import { type Balancer, startBalancer } from './scaleOut/balancer';
import { type Cluster, startCluster } from './scaleOut/cluster';
import { closeIdleConnections, postJson, sendHttp, type Target } from './scaleOut/httpClient';
import { getOverHttps } from './scaleOut/httpsClient';
import { appOn, portOf, publishOn, type QuizOwner, signUpQuizOwner } from './scaleOut/quizOwner';
import { missingServices } from './scaleOut/services';
import { storedLeads } from './scaleOut/storedLeads';
import {
  atSteadyRate,
  liveQuizOf,
  postEvents,
  postLead,
  visitIdOf,
  visitorAddress,
} from './scaleOut/visitors';
import { startWebhookReceiver, type WebhookReceiver } from './scaleOut/webhookReceiver';
import type { RunningServer } from './serverProcess';
import { freePort } from './serverProcess';

/*
 * Two server processes and one delivery worker on one PostgreSQL database, rate limits in Redis, behind Caddy
 * (or, when Caddy cannot be installed, the test's own round-robin proxy), as production runs them. Each
 * server is also reached directly, to tell what one process did from what the other sees.
 */

const missing = await missingServices();
if (missing) console.log(`Skipping the scale-out checks: ${missing} (they need PostgreSQL and Redis).`);

const CUSTOM_DOMAIN = 'quiz.scale-out.test';
/** A Redis logical database of this test's own, emptied at the start (the bench uses another). */
const REDIS_DATABASE = 7;
const WORKER_CONCURRENCY = 10;
/** The killed worker's claims come back after this lease; short, so that the test need not wait minutes. */
const WORKER_ENV = {
  WORKER_CONCURRENCY: String(WORKER_CONCURRENCY),
  WORKER_POLL_MS: '100',
  WORKER_LEASE_MS: '3000',
};
const VISITORS = 300;
const VISITORS_PER_SECOND = 100;
const SERVER_KILLED_AFTER_MS = 1_500;
/** A killed backend is left out by the balancer's passive health check within this time. */
const FAILOVER_MS = 1_000;

/** Caddy's health-check lines, for a failure's message: why a backend was left out. */
const healthLog = (balancer: Balancer) =>
  balancer
    .output()
    .split('\n')
    .filter((line) => line.includes('health') || line.includes('no upstreams'))
    .slice(-30)
    .join('\n');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const statusOf = async (target: Target, path: string) => (await sendHttp(target, 'GET', path)).status;

describe.skipIf(missing !== null)('two servers and a worker on one PostgreSQL, behind a balancer', () => {
  let dns: TestDnsServer;
  let cluster: Cluster;
  let balancer: Balancer;
  let owner: QuizOwner;
  let receiver: WebhookReceiver | undefined;
  let serverA: RunningServer;
  let serverB: RunningServer;
  let viaA: Target;
  let viaB: Target;
  let viaBalancer: Target;

  beforeAll(async () => {
    dns = await startTestDnsServer({ [CUSTOM_DOMAIN]: { a: ['127.0.0.1'] } });
    const balancerPort = await freePort();
    cluster = await startCluster({
      serverCount: 2,
      balancerPort,
      redisDatabase: REDIS_DATABASE,
      env: { DNS_SERVERS: dns.address, PUBLISH_IPS: '127.0.0.1' },
    });
    [serverA, serverB] = cluster.servers as [RunningServer, RunningServer];
    balancer = await startBalancer({
      httpPort: balancerPort,
      backendPorts: cluster.servers.map((server) => portOf(server.appUrl)),
      tlsAskPort: portOf(serverA.appUrl),
    });
    console.log(`scale-out: two servers behind ${balancer.kind}`);
    viaA = appOn(portOf(serverA.appUrl));
    viaB = appOn(portOf(serverB.appUrl));
    viaBalancer = appOn(balancerPort);
    owner = await signUpQuizOwner(cluster, viaBalancer);
  }, 120_000);

  afterAll(async () => {
    await balancer?.stop();
    await cluster?.stop();
    await receiver?.close();
    await dns?.close();
    closeIdleConnections();
  });

  it('shows a publish, a republish and an unpublish made on one process on the other within a second', async () => {
    // A session made through the balancer holds on either process.
    expect((await owner.call(viaA, 'GET', '/api/me')).status).toBe(200);
    expect((await owner.call(viaB, 'GET', '/api/me')).status).toBe(200);

    const quiz = await owner.newQuiz(viaA);
    const path = `/${quiz.publishedId}`;
    const siteOnB = publishOn(portOf(serverB.appUrl));
    // B has been asked for the address already, so it remembers that nothing is there.
    expect(await statusOf(siteOnB, path)).toBe(404);

    const published = await owner.publish(viaA, quiz);
    await expect.poll(() => statusOf(siteOnB, path), { timeout: 1_000, interval: 50 }).toBe(200);

    await owner.publish(viaA, { ...published, title: 'Which cat are you?' });
    await expect
      .poll(async () => (await sendHttp(siteOnB, 'GET', path)).body.includes('Which cat are you?'), {
        timeout: 1_000,
        interval: 50,
      })
      .toBe(true);

    await owner.unpublish(viaA, published);
    await expect.poll(() => statusOf(siteOnB, path), { timeout: 1_000, interval: 50 }).toBe(404);
  });

  it('counts rate limits once for both processes', async () => {
    // Sign-in: after five failures for one email, wherever they happened, the next attempt must wait.
    const signIn = (target: Target) =>
      postJson(
        target,
        '/api/login',
        { email: 'guessed@scale-out.test', password: 'not-the-password' },
        { origin: cluster.appUrl, 'x-forwarded-for': '192.0.2.10' },
      );
    const failures = [];
    for (const target of [viaA, viaB, viaA, viaB, viaA]) failures.push((await signIn(target)).status);
    // 422: wrong email or password.
    expect(failures).toEqual([422, 422, 422, 422, 422]);
    const refused = await signIn(viaB);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // The visitor API: 10 leads per address in 10 seconds, shared by the processes the address reaches.
    const app = viaBalancer;
    const quiz = await owner.publish(app, await owner.newQuiz(app, { enabled: true }));
    const live = await liveQuizOf(publishOn(app.port), quiz);
    const siteOn = [publishOn(viaA.port), publishOn(viaB.port)];
    const lead = (index: number) =>
      postLead(siteOn[index % 2] as Target, live, {
        visitId: visitIdOf('limits', index),
        email: `limits-${index}@example.com`,
        address: '198.51.100.7',
      });
    const taken = [];
    for (let index = 0; index < 10; index += 1) taken.push(await lead(index));
    expect(taken).toEqual(Array(10).fill(200));
    // Each process has seen only five: per-process limits would take these.
    expect([await lead(10), await lead(11)]).toEqual([429, 429]);
  });

  it('serves a custom domain over HTTPS through Caddy, with a certificate only for domains tls-ask accepts', async (context) => {
    if (balancer.kind !== 'caddy') context.skip('Caddy is missing: the custom domain over HTTPS needs it');
    const httpsPort = balancer.httpsPort ?? 0;
    const added = await owner.call(viaA, 'POST', '/api/domain', { host: CUSTOM_DOMAIN });
    expect(added.status).toBe(200);
    const askA = (domain: string) =>
      statusOf(publishOn(viaA.port), `/internal/tls-ask?domain=${encodeURIComponent(domain)}`);
    expect([await askA(CUSTOM_DOMAIN), await askA('stranger.example.net')]).toEqual([200, 404]);

    const quiz = await owner.newQuiz(viaA);
    const published: Quiz = await owner.publish(viaA, {
      ...quiz,
      title: 'On our own domain',
      domain: CUSTOM_DOMAIN,
    });
    expect(published.publishedHost).toBe(CUSTOM_DOMAIN);
    const ca = balancer.rootCertificate();
    expect(ca).toContain('BEGIN CERTIFICATE');
    // Two requests in a row: one reaches each server.
    const twice = async () => {
      const answers = [];
      for (let turn = 0; turn < 2; turn += 1) {
        answers.push(await getOverHttps(httpsPort, CUSTOM_DOMAIN, `/${published.publishedId}`, ca ?? ''));
      }
      return answers;
    };
    await expect
      .poll(async () => (await twice()).map((answer) => answer.status), { timeout: 2_000, interval: 100 })
      .toEqual([200, 200]);
    const [page] = await twice();
    expect(page?.body).toContain('On our own domain');
    expect(page?.issuer).toMatch(/^Caddy Local Authority/);

    // A host nobody added gets no certificate: the handshake fails.
    await expect(getOverHttps(httpsPort, 'stranger.example.net', '/', ca ?? '')).rejects.toThrow();
  });

  it('loses no acknowledged lead and delivers each once when a server, then the worker, is killed under load', async () => {
    const answerAfterMs = 50;
    receiver = await startWebhookReceiver(answerAfterMs);
    const created = await owner.call(viaBalancer, 'POST', `/accounts/${owner.accountId}/webhooks`, {
      name: 'Lead inbox',
      url: receiver.url,
    });
    expect(created.status).toBe(200);
    const { webhook } = JSON.parse(created.body) as { webhook: { id: string } };
    const quiz = await owner.publish(
      viaBalancer,
      await owner.newQuiz(viaBalancer, { enabled: true, webhookIds: [webhook.id] }),
    );
    const site = publishOn(viaBalancer.port);
    const live = await liveQuizOf(site, quiz);
    let worker = await cluster.startWorker(WORKER_ENV);
    const inbox = receiver;

    const startedAt = performance.now();
    let serverKilledAt = Number.POSITIVE_INFINITY;
    const killServer = sleep(SERVER_KILLED_AFTER_MS).then(async () => {
      serverKilledAt = performance.now() - startedAt;
      await cluster.killServer(serverB);
    });
    // The worker is killed while the receiver holds requests it sent, and another one is started, as a
    // supervisor would: what the first had claimed comes back to the second when its lease ends.
    let sentWhenWorkerKilled = 0;
    let workerKilledAt = Number.POSITIVE_INFINITY;
    const killWorker = (async () => {
      const deadline = Date.now() + 30_000;
      while (inbox.received.length < 60 || inbox.unanswered() === 0) {
        if (Date.now() > deadline) throw new Error('the worker delivered nothing to interrupt in 30 s');
        await sleep(5);
      }
      sentWhenWorkerKilled = inbox.unanswered();
      await worker.kill();
      workerKilledAt = Date.now();
      worker = await cluster.startWorker(WORKER_ENV);
    })();

    const visits = await atSteadyRate(VISITORS, VISITORS_PER_SECOND, async (index) => {
      const sentAt = performance.now() - startedAt;
      const visitor = {
        visitId: visitIdOf('load', index),
        email: `visitor-${index}@example.com`,
        address: visitorAddress(index),
      };
      const events = await postEvents(site, live, visitor);
      const lead = await postLead(site, live, visitor);
      return { email: visitor.email, sentAt, events, lead };
    });
    await Promise.all([killServer, killWorker]);
    expect(serverB.isRunning()).toBe(false);
    expect(sentWhenWorkerKilled).toBeGreaterThan(0);

    // The balancer kept the quiz up: once the killed server was left out, every visitor was answered.
    const afterFailover = visits.filter((visit) => visit.sentAt > serverKilledAt + FAILOVER_MS);
    expect(afterFailover.length).toBeGreaterThanOrEqual(30);
    expect(
      afterFailover.filter((visit) => visit.events !== 202 || visit.lead !== 200),
      `the balancer's health checks:\n${healthLog(balancer)}`,
    ).toEqual([]);
    // Before that, only requests in flight on the killed server (or sent to it before it was left out) failed.
    const acknowledged = visits.filter((visit) => visit.lead >= 200 && visit.lead < 300);
    expect(acknowledged.length).toBeGreaterThan(VISITORS / 2);

    // Every lead a visitor was told about is stored…
    const stored = await storedLeads(cluster, quiz.id);
    const storedEmails = new Set(stored.map((lead) => lead.email));
    expect(acknowledged.filter((visit) => !storedEmails.has(visit.email))).toEqual([]);

    // …and every stored lead (some the killed server stored without answering) is delivered.
    await expect
      .poll(
        async () =>
          (await storedLeads(cluster, quiz.id)).filter((lead) => lead.deliveryStatus !== 'delivered'),
        {
          timeout: 30_000,
          interval: 500,
        },
      )
      .toEqual([]);

    // Exactly once: each lead arrived under one webhook-id (one delivery). A webhook-id may arrive a second
    // time only when the killed worker had sent it without recording the answer: the lease ran out and the
    // new worker sent it again, with the same id, which lets the receiver drop the repeat.
    const webhookIdsByLead = new Map<string, Set<string>>();
    const receipts = new Map<string, number[]>();
    for (const { leadId, webhookId, at } of inbox.received) {
      webhookIdsByLead.set(leadId, (webhookIdsByLead.get(leadId) ?? new Set()).add(webhookId));
      receipts.set(webhookId, [...(receipts.get(webhookId) ?? []), at]);
    }
    expect([...webhookIdsByLead.keys()].sort()).toEqual(stored.map((lead) => lead.id).sort());
    expect([...webhookIdsByLead].filter(([, ids]) => ids.size !== 1)).toEqual([]);
    const repeated = [...receipts].filter(([, times]) => times.length > 1);
    expect(repeated.filter(([, times]) => times.length > 2 || (times[0] ?? 0) > workerKilledAt)).toEqual([]);
    const repeats = repeated.length;
    console.log(
      `scale-out: ${acknowledged.length} of ${VISITORS} leads acknowledged (server killed at ${serverKilledAt.toFixed(0)} ms), ${stored.length} stored, all delivered; worker killed with ${sentWhenWorkerKilled} deliveries unanswered, ${repeats} delivered again under the same webhook-id`,
    );
  }, 120_000);
});
