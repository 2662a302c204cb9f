import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';
import type { TLSSocket } from 'node:tls';

/** Where a request goes: Caddy's HTTPS port on 127.0.0.1, as a browser asking for `host` on 443. */
export interface HttpsTarget {
  port: number;
  host: string;
  /** Caddy's internal root: the certificate must chain to it and name the host. */
  ca: string;
}

export interface HttpsAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  /** The common name of the certificate's issuer. */
  issuer: string;
}

export interface HttpsOptions {
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** One request with the host in SNI and Host; rejects when the handshake or the connection fails. */
export function sendHttps(
  target: HttpsTarget,
  method: string,
  path: string,
  options: HttpsOptions = {},
): Promise<HttpsAnswer> {
  const headers: Record<string, string | number> = { host: target.host, ...options.headers };
  if (options.body !== undefined) headers['content-length'] = Buffer.byteLength(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: target.port,
        method,
        path,
        servername: target.host,
        headers,
        ca: target.ca,
        agent: false,
      },
      (response) => {
        const issuerName = (response.socket as TLSSocket).getPeerCertificate().issuer?.CN ?? '';
        const issuer = Array.isArray(issuerName) ? issuerName.join(', ') : issuerName;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            text: body.toString(),
            issuer,
          });
        });
        response.on('error', reject);
      },
    );
    outgoing.setTimeout(30_000, () =>
      outgoing.destroy(new Error(`${method} https://${target.host}${path}: no answer in 30 s`)),
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** An account holder signed in on the builder's host, calling the API through Caddy. */
export interface SignedInOwner {
  accountId: string;
  call(method: string, path: string, body?: unknown): Promise<HttpsAnswer>;
}

export async function signIn(app: HttpsTarget, email: string, password: string): Promise<SignedInOwner> {
  // The CSRF check wants the browser's Origin: APP_URL, which names no port.
  const origin = `https://${app.host}`;
  const json = { origin, 'content-type': 'application/json' };
  const login = await sendHttps(app, 'POST', '/api/login', {
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${login.text.slice(0, 500)}`);
  const setCookie = login.headers['set-cookie']?.[0] ?? '';
  const cookie = setCookie.split(';')[0] ?? '';
  const call: SignedInOwner['call'] = (method, path, body) =>
    sendHttps(app, method, path, {
      headers: body === undefined ? { origin, cookie } : { ...json, cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const me = await call('GET', '/api/me');
  const { account } = JSON.parse(me.text) as { account: { id: string } };
  return { accountId: account.id, call };
}

/** The answer's JSON when it is a 2xx; otherwise an error naming `what` with the status and body. */
export function okJson<T>(answer: HttpsAnswer, what: string): T {
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 500)}`);
  }
  return JSON.parse(answer.text) as T;
}
