import { Agent, type IncomingHttpHeaders, request } from 'node:http';

/**
 * Where a request goes: a port on 127.0.0.1 (a server or the balancer) and the Host it names. Servers route
 * by host name (the builder's, the publish host's, a custom domain's), whatever port was connected to.
 */
export interface Target {
  port: number;
  host: string;
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpOptions {
  headers?: Record<string, string>;
  body?: string;
}

// Bounded keep-alive, as browsers behind a proxy: a socket per waiting request would run out of descriptors.
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One HTTP/1.1 request; resolves with the whole answer, rejects when the connection fails. */
export function sendHttp(
  target: Target,
  method: string,
  path: string,
  options: HttpOptions = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { host: target.host, ...options.headers };
    if (options.body !== undefined) headers['content-length'] = Buffer.byteLength(options.body);
    const outgoing = request(
      { host: '127.0.0.1', port: target.port, method, path, headers, agent },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
        response.on('error', reject);
      },
    );
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** A JSON body, posted. */
export const postJson = (target: Target, path: string, body: unknown, headers: Record<string, string> = {}) =>
  sendHttp(target, 'POST', path, {
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** Closes the kept-alive sockets, so that nothing holds the test process open. */
export const closeIdleConnections = () => agent.destroy();
