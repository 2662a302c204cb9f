import type { FastifyInstance } from 'fastify';

/**
 * Adds `Server-Timing: app;dur=…` (milliseconds) so benchmarks see the server's own time. Only with
 * SERVER_TIMING=true (development): timings tell an attacker what a request did, e.g. whether an email exists.
 */
export function registerServerTiming(app: FastifyInstance): void {
  const startedAt = new WeakMap<object, bigint>();
  app.addHook('onRequest', async (request) => {
    startedAt.set(request, process.hrtime.bigint());
  });
  app.addHook('onSend', async (request, reply) => {
    const start = startedAt.get(request);
    if (start === undefined) return;
    const milliseconds = Number(process.hrtime.bigint() - start) / 1e6;
    reply.header('server-timing', `app;dur=${milliseconds.toFixed(1)}`);
  });
}
