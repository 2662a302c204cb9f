import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsListener {
  /** The port it listens on (the one chosen when asked for port 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * GET /metrics in Prometheus's text format, on its own listener: bound to an internal interface
 * (METRICS_HOST, 127.0.0.1 by default), apart from the public server, so no route of the app can reach it.
 */
export async function startMetricsListener(
  registry: Registry,
  where: { host: string; port: number },
  onError: (error: unknown) => void = (error) => console.error('metrics:', error),
): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?', 1)[0];
    if (pathname !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Not found. Try GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The metrics listener as the server and the worker start it: a port already taken (the server and
 * `npm run worker` on one machine with the same METRICS_PORT) is reported and the process runs on
 * without metrics, rather than refusing to serve or deliver.
 */
export async function startOptionalMetricsListener(
  registry: Registry,
  where: { host: string; port: number } | null,
  log: { warn(message: string): void } = { warn: (message) => console.warn(message) },
): Promise<MetricsListener | null> {
  if (!where) return null;
  try {
    const listener = await startMetricsListener(registry, where);
    console.log(`Metrics: http://${where.host}:${listener.port}/metrics`);
    return listener;
  } catch (error) {
    const reason = (error as { code?: unknown }).code === 'EADDRINUSE' ? 'the port is in use' : String(error);
    log.warn(
      `Metrics are off: cannot listen on ${where.host}:${where.port} (${reason}). Give each process its own METRICS_PORT, or set METRICS_PORT=0.`,
    );
    return null;
  }
}
