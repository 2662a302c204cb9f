import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { leadDeliveries } from '@quizbeam/db/deliverySchema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { eventually, htmlFormTo, publishCaptureQuiz, useDeliveryHarness } from '../testing/deliveries';
import { shutDownGracefully } from './gracefulShutdown';
import { newProcessStatus } from './processStatus';

const h = useDeliveryHarness();

function get(port: number, path: string, agent?: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      { host: '127.0.0.1', port, path, headers: { host: 'localhost:3000' }, ...(agent ? { agent } : {}) },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

describe('a graceful shutdown', () => {
  it('says 503 on /readyz from its start, and lets a request in flight finish', async () => {
    const status = newProcessStatus('off');
    const app = await buildApp(h.t.context, { status });
    let releaseSlow = () => {};
    const slowStarted = new Promise<void>((started) => {
      app.get('/slow-for-test', async () => {
        started();
        await new Promise<void>((resolve) => {
          releaseSlow = resolve;
        });
        return { finished: true };
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    expect((await get(port, '/readyz')).status).toBe(200);

    const slow = get(port, '/slow-for-test');
    await slowStarted;
    // What main.ts does first on SIGTERM: the load balancer stops sending traffic while the rest finishes.
    status.closing = true;
    const readyz = await get(port, '/readyz');
    expect(readyz.status).toBe(503);
    expect(JSON.parse(readyz.body)).toMatchObject({ status: 'not ready', failing: ['process'] });
    expect((await get(port, '/healthz')).status).toBe(200);

    const logged: string[] = [];
    const shutdown = shutDownGracefully({
      steps: [{ name: 'closing the app', run: () => app.close() }],
      timeoutMs: 10_000,
      log: (line) => logged.push(line),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(get(port, '/healthz')).rejects.toThrow(/ECONNREFUSED/);
    releaseSlow();
    expect(await slow).toEqual({ status: 200, body: '{"finished":true}' });
    expect(await shutdown).toBe('finished');
    expect(logged).toEqual([]);
  });

  it('goes on answering through the drain, on kept-alive and new connections, and closes only after it', async () => {
    const status = newProcessStatus('off');
    const app = await buildApp(h.t.context, { status });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // A balancer keeps connections open to its backends and sends the next request on one of them.
    const balancer = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, '/healthz', balancer)).status).toBe(200);

    const drainMs = 1_500;
    let closingStartedAt = Number.POSITIVE_INFINITY;
    status.closing = true;
    const startedAt = performance.now();
    const shutdown = shutDownGracefully({
      drainMs,
      steps: [
        {
          name: 'closing the app',
          run: () => {
            closingStartedAt = performance.now();
            return app.close();
          },
        },
      ],
      timeoutMs: 10_000,
      log: () => {},
    });
    // During the drain /readyz says 503, so the balancer stops sending; what it sends meanwhile is answered.
    expect((await get(port, '/readyz', balancer)).status).toBe(503);
    const duringDrain = await Promise.all([
      get(port, '/healthz', balancer),
      get(port, '/healthz', new Agent({ keepAlive: false })),
    ]);
    const answeredAt = performance.now();
    expect(duringDrain.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answeredAt).toBeLessThan(closingStartedAt);

    expect(await shutdown).toBe('finished');
    expect(closingStartedAt - startedAt).toBeGreaterThanOrEqual(drainMs - 5);
    await expect(get(port, '/healthz', new Agent({ keepAlive: false }))).rejects.toThrow(/ECONNREFUSED/);
    balancer.destroy();
  });

  it('counts the drain in the budget', async () => {
    const ran: string[] = [];
    const outcome = await shutDownGracefully({
      drainMs: 200,
      steps: [{ name: 'a step', run: async () => ran.push('step') }],
      timeoutMs: 100,
      log: () => {},
    });
    expect(outcome).toBe('timed out');
    expect(ran).toEqual([]);
  });

  it('runs the remaining steps after one fails, and reports a budget overrun', async () => {
    const ran: string[] = [];
    const logged: string[] = [];
    const finished = await shutDownGracefully({
      steps: [
        {
          name: 'a failing step',
          run: async () => {
            throw new Error('nope');
          },
        },
        { name: 'the next step', run: async () => ran.push('next') },
      ],
      timeoutMs: 1_000,
      log: (line) => logged.push(line),
    });
    expect(finished).toBe('finished');
    expect(ran).toEqual(['next']);
    expect(logged).toEqual(['shutdown: a failing step failed: nope']);

    let handedBack = false;
    const timedOut = await shutDownGracefully({
      steps: [{ name: 'a step that hangs', run: () => new Promise(() => {}) }],
      timeoutMs: 50,
      onTimeout: async () => {
        handedBack = true;
      },
      log: () => {},
    });
    expect(timedOut).toBe('timed out');
    expect(handedBack).toBe(true);
  });

  it('hands the deliveries still in flight back when the worker cannot stop in time', async () => {
    const account = await h.t.signIn();
    const form = await h.endpoint(() => 'hold');
    const { postLead } = await publishCaptureQuiz(h.t, account, {
      type: 'html-form',
      htmlFormSettings: htmlFormTo(`${form.url}/subscribe`),
    });
    const leadId = await postLead('shutdown@example.com');
    const stopping = h.worker({ leaseMs: 120_000 });
    const attempt = stopping.runOnce();
    await eventually(async () => (form.received.length === 1 ? true : undefined), 'the held attempt');
    const [claimed] = await h.t.database.db
      .select()
      .from(leadDeliveries)
      .where(eq(leadDeliveries.leadId, leadId));
    expect(claimed?.lockedUntil).not.toBeNull();

    const outcome = await shutDownGracefully({
      steps: [{ name: 'stopping the worker', run: () => stopping.stop() }],
      timeoutMs: 100,
      onTimeout: () => stopping.releaseHeld(),
      log: () => {},
    });
    expect(outcome).toBe('timed out');
    expect(await h.onlyDelivery(leadId)).toMatchObject({ state: 'pending', lockedUntil: null, attempts: 0 });

    // Another worker takes it at once, without waiting for the two-minute lease.
    form.answer = () => ({ status: 200, body: 'ok' });
    expect(await h.worker().runOnce()).toBe(1);
    expect(await h.onlyDelivery(leadId)).toMatchObject({ state: 'delivered', attempts: 1 });

    // The stopped worker's late answer is not recorded a second time.
    for (const response of form.held) response.writeHead(200).end('ok');
    await attempt;
    const delivery = await h.onlyDelivery(leadId);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(await h.attemptsOf(delivery.id)).toHaveLength(1);
  });
});
