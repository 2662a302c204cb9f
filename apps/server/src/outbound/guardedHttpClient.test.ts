import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type ReceivedRequest, startTestHttpServer, type TestHttpServer } from '../testing/httpServer';
import type { AllowedHost } from './allowedHosts';
import type { ResolveHost } from './guardedConnector';
import {
  createGuardedHttpClient,
  type GuardedHttpClientOptions,
  type OutboundHttpClient,
} from './guardedHttpClient';
import { OutboundError } from './outboundError';

const servers: TestHttpServer[] = [];
const clients: OutboundHttpClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function server(handler: (request: ReceivedRequest, response: ServerResponse) => void) {
  const started = await startTestHttpServer(handler);
  servers.push(started);
  return started;
}

function client(options: GuardedHttpClientOptions = {}) {
  const created = createGuardedHttpClient(options);
  clients.push(created);
  return created;
}

const allow = (...servers: TestHttpServer[]): AllowedHost[] =>
  servers.map((allowed) => ({ host: '127.0.0.1', port: allowed.port }));

const ok = (_request: ReceivedRequest, response: ServerResponse) => response.end('hello');

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => null,
    (rejection: unknown) => rejection,
  );
  if (!(error instanceof OutboundError)) throw new Error(`expected an OutboundError, got ${String(error)}`);
  return error;
}

describe('the address guard', () => {
  it('refuses a loopback address without an allowlist entry, before any request is sent', async () => {
    const target = await server(ok);
    const error = await failure(client().request({ url: `${target.origin}/` }));
    expect(error.kind).toBe('refused_address');
    expect(error.message).toContain('127.0.0.1');
    expect(target.received).toHaveLength(0);
  });

  it('reaches a private address listed with its port, and only on that port', async () => {
    const target = await server(ok);
    const other = await server(ok);
    const http = client({ allowedHosts: allow(target) });
    const response = await http.request({ url: `${target.origin}/path?q=1` });
    expect(response).toMatchObject({ status: 200, bodyText: 'hello', truncated: false, redirectCount: 0 });
    expect(target.received[0]?.url).toBe('/path?q=1');
    expect((await failure(http.request({ url: `${other.origin}/` }))).kind).toBe('refused_address');
    expect(other.received).toHaveLength(0);
  });

  it('refuses literal IPv6 loopback and IPv4-mapped IPv6 addresses', async () => {
    const target = await server(ok);
    const http = client();
    expect((await failure(http.request({ url: `http://[::1]:${target.port}/` }))).kind).toBe(
      'refused_address',
    );
    expect((await failure(http.request({ url: `http://[::ffff:127.0.0.1]:${target.port}/` }))).kind).toBe(
      'refused_address',
    );
    expect((await failure(http.request({ url: 'http://169.254.169.254/latest/meta-data/' }))).kind).toBe(
      'refused_address',
    );
    expect((await failure(http.request({ url: 'http://[fd00:ec2::254]/' }))).kind).toBe('refused_address');
  });

  it('refuses a name that resolves to a private address, checked after resolution', async () => {
    const target = await server(ok);
    const resolveHost: ResolveHost = async () => [{ address: '127.0.0.1', family: 4 }];
    const error = await failure(
      client({ resolveHost }).request({ url: `http://forms.example.com:${target.port}/` }),
    );
    expect(error.kind).toBe('refused_address');
    expect(error.message).toContain('forms.example.com (127.0.0.1)');
    expect(target.received).toHaveLength(0);
  });

  it('refuses a name whose answers mix public and private addresses', async () => {
    const resolveHost: ResolveHost = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const error = await failure(client({ resolveHost }).request({ url: 'http://mixed.example.com/' }));
    expect(error.kind).toBe('refused_address');
  });

  it('refuses localhost through the system resolver, and reaches it when listed', async () => {
    const target = await server(ok);
    expect((await failure(client().request({ url: `http://localhost:${target.port}/` }))).kind).toBe(
      'refused_address',
    );
    const listed = client({ allowedHosts: [{ host: 'localhost', port: null }] });
    const response = await listed.request({ url: `http://localhost:${target.port}/` });
    expect(response.status).toBe(200);
  });

  it('never reaches a metadata address, even when it is listed', async () => {
    const http = client({ allowedHosts: [{ host: '169.254.169.254', port: null }] });
    expect((await failure(http.request({ url: 'http://169.254.169.254/' }))).kind).toBe('refused_address');
  });

  it('reports a name that does not resolve as a network error', async () => {
    const resolveHost: ResolveHost = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const error = await failure(client({ resolveHost }).request({ url: 'http://nowhere.invalid/' }));
    expect(error.kind).toBe('network');
    expect(error.message).toContain('ENOTFOUND');
  });
});

describe('addresses', () => {
  it.each([
    'ftp://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    '/relative',
    'http://user:pw@example.com/',
  ])('refuses %s as a bad URL', async (url) => {
    expect((await failure(client().request({ url }))).kind).toBe('bad_url');
  });
});

describe('redirects', () => {
  it('refuses a redirect to a private address that is not listed, without reaching it', async () => {
    const internal = await server(ok);
    const target = await server((_request, response) => {
      response.writeHead(302, { location: `${internal.origin}/admin` }).end();
    });
    const error = await failure(
      client({ allowedHosts: allow(target) }).request({ url: `${target.origin}/` }),
    );
    expect(error.kind).toBe('refused_address');
    expect(internal.received).toHaveLength(0);
  });

  it('refuses a redirect to a metadata address', async () => {
    const target = await server((_request, response) => {
      response.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    });
    expect(
      (await failure(client({ allowedHosts: allow(target) }).request({ url: target.origin }))).kind,
    ).toBe('refused_address');
  });

  it('refuses a redirect to a scheme other than http or https', async () => {
    const target = await server((_request, response) =>
      response.writeHead(302, { location: 'file:///etc/passwd' }).end(),
    );
    expect(
      (await failure(client({ allowedHosts: allow(target) }).request({ url: target.origin }))).kind,
    ).toBe('bad_url');
  });

  it('stops a redirect loop after five redirects', async () => {
    const target = await server((_request, response) =>
      response.writeHead(302, { location: '/again' }).end(),
    );
    const error = await failure(
      client({ allowedHosts: allow(target) }).request({ url: `${target.origin}/start` }),
    );
    expect(error.kind).toBe('too_many_redirects');
    expect(target.received).toHaveLength(6);
  });

  it('follows five redirects to the answer', async () => {
    const target = await server((request, response) => {
      const step = Number(new URL(request.url, 'http://x').searchParams.get('step') ?? 0);
      if (step < 5) response.writeHead(302, { location: `/?step=${step + 1}` }).end();
      else response.end(`arrived at ${step}`);
    });
    const response = await client({ allowedHosts: allow(target) }).request({ url: target.origin });
    expect(response).toMatchObject({ status: 200, bodyText: 'arrived at 5', redirectCount: 5 });
    expect(response.url).toBe(`${target.origin}/?step=5`);
  });

  it('repeats a POST on 307 and turns it into a GET without body on 303', async () => {
    const target = await server((request, response) => {
      if (request.url === '/keep') response.writeHead(307, { location: '/kept' }).end();
      else if (request.url === '/see-other') response.writeHead(303, { location: '/seen' }).end();
      else response.end('done');
    });
    const http = client({ allowedHosts: allow(target) });
    const post = {
      method: 'POST' as const,
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
    await http.request({ url: `${target.origin}/keep`, ...post });
    await http.request({ url: `${target.origin}/see-other`, ...post });
    const [, kept, , seen] = target.received;
    expect(kept).toMatchObject({ method: 'POST', url: '/kept', body: 'a=1' });
    expect(seen).toMatchObject({ method: 'GET', url: '/seen', body: '' });
    expect(seen?.headers['content-type']).toBeUndefined();
  });

  it('with method-preserving redirects, answers a 302 as it came', async () => {
    const target = await server((_request, response) =>
      response.writeHead(302, { location: '/thanks' }).end(),
    );
    const response = await client({ allowedHosts: allow(target) }).request({
      url: target.origin,
      method: 'POST',
      body: 'a=1',
      redirects: 'method-preserving',
    });
    expect(response).toMatchObject({ status: 302, redirectCount: 0 });
    expect(response.headers.location).toBe('/thanks');
    expect(target.received).toHaveLength(1);
  });
});

describe('limits', () => {
  it('times out a server that never answers', async () => {
    const target = await server(() => {
      // never answers
    });
    const error = await failure(
      client({ allowedHosts: allow(target) }).request({ url: target.origin, timeoutMs: 200 }),
    );
    expect(error.kind).toBe('timeout');
  });

  it('times out a server that stops in the middle of the body', async () => {
    const target = await server((_request, response) => {
      response.writeHead(200, { 'content-length': '1000' });
      response.write('partial');
    });
    const error = await failure(
      client({ allowedHosts: allow(target) }).request({ url: target.origin, timeoutMs: 200 }),
    );
    expect(error.kind).toBe('timeout');
  });

  it('times out a redirect whose body never ends', async () => {
    const target = await server((_request, response) => {
      response.writeHead(302, { location: '/next', 'content-length': '1000' });
      response.write('partial');
    });
    const error = await failure(
      client({ allowedHosts: allow(target) }).request({ url: target.origin, timeoutMs: 200 }),
    );
    expect(error.kind).toBe('timeout');
    expect(target.received).toHaveLength(1);
  });

  it('cuts a 100 MB body at the cap without reading the rest', async () => {
    const total = 100 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let written = 0;
    let closed: () => void = () => {};
    const connectionClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const target = await server((_request, response) => {
      response.writeHead(200, { 'content-length': String(total) });
      response.on('close', () => closed());
      const pump = () => {
        while (written < total && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) {
            response.once('drain', pump);
            return;
          }
        }
        response.end();
      };
      pump();
    });
    const response = await client({ allowedHosts: allow(target) }).request({ url: target.origin });
    expect(response.status).toBe(200);
    expect(response.truncated).toBe(true);
    expect(response.bodyText.length).toBe(64 * 1024);
    await connectionClosed;
    expect(written).toBeLessThan(total / 4);
  });

  it('does not mark a body that fits exactly as cut', async () => {
    const target = await server((_request, response) => response.end('x'.repeat(1024)));
    const response = await client({ allowedHosts: allow(target) }).request({
      url: target.origin,
      maxResponseBytes: 1024,
    });
    expect(response).toMatchObject({ truncated: false });
    expect(response.bodyText).toHaveLength(1024);
  });

  it('reports a refused connection as a network error', async () => {
    const target = await server(ok);
    const { origin } = target;
    const allowedHosts = allow(target);
    await target.close();
    servers.splice(servers.indexOf(target), 1);
    expect((await failure(client({ allowedHosts }).request({ url: origin }))).kind).toBe('network');
  });
});
