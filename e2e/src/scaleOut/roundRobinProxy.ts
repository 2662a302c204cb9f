import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { Balancer, BalancerSettings } from './balancer';

/** How long a backend that refused a connection is left out, as Caddy's passive health check does. */
const LEFT_OUT_MS = 5_000;
/** Headers of one connection, not of the request: the body is sent again with its own length. */
const HOP_BY_HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding']);

/**
 * The balancer when Caddy is missing: plain HTTP only, each request to the next backend in turn. A backend
 * that refuses the connection (nothing was sent, so trying again is safe) is left out for a while and the
 * request goes to the next one; a backend that fails mid-request answers 502, as Caddy would. The Host is
 * passed on unchanged and the client's address appended to X-Forwarded-For.
 */
export async function startRoundRobinProxy(settings: BalancerSettings): Promise<Balancer> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const leftOutUntil = new Map<number, number>();
  let next = 0;

  const inTurn = (): number[] => {
    const ports = settings.backendPorts;
    const start = next++ % ports.length;
    const ordered = [...ports.slice(start), ...ports.slice(0, start)];
    const now = Date.now();
    const healthy = ordered.filter((port) => (leftOutUntil.get(port) ?? 0) <= now);
    return healthy.length > 0 ? healthy : ordered;
  };

  function forward(incoming: IncomingMessage, body: Buffer, reply: ServerResponse, ports: number[]): void {
    const [port, ...others] = ports;
    if (port === undefined) {
      reply.writeHead(502).end('no backend answered');
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(incoming.headers).filter(([name]) => !HOP_BY_HOP_HEADERS.has(name)),
    );
    const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...headers, 'x-forwarded-for': forwardedFor, 'content-length': body.length },
        agent,
      },
      (answer) => {
        reply.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(reply);
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') {
        leftOutUntil.set(port, Date.now() + LEFT_OUT_MS);
        forward(incoming, body, reply, others);
      } else if (!reply.headersSent) {
        reply.writeHead(502).end('the backend failed');
      } else {
        reply.destroy();
      }
    });
    outgoing.end(body);
  }

  const server = createServer((incoming, reply) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      if (incoming.url?.startsWith('/internal/')) {
        reply.writeHead(404).end();
        return;
      }
      forward(incoming, Buffer.concat(chunks), reply, inTurn());
    });
  });
  await new Promise<void>((resolve) => server.listen(settings.httpPort, '127.0.0.1', resolve));
  return {
    kind: 'round-robin proxy',
    pid: process.pid,
    httpPort: settings.httpPort,
    httpsPort: null,
    rootCertificate: () => null,
    output: () => '',
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
