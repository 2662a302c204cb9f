import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * What every local fake of an email service shares: a real HTTP server on 127.0.0.1, a request with its
 * body parsed as the service would (JSON or form), an optional latency, a requests-per-second limit that
 * answers 429 like the service, and an OAuth authorize page a person (or Chromium) clicks through.
 * Test support and `npm run fakes`; never part of the server's build.
 */

export interface FakeRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  bodyText: string;
  /** JSON bodies parsed; form bodies as an object of strings; otherwise undefined. */
  body: unknown;
}

export interface FakeResponse {
  status: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as it is (set content-type in headers for HTML). */
  body?: unknown;
}

export type FakeHandler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export interface FakeOptions {
  /** Added before each answer. */
  latencyMs?: number;
  /** Over this many requests in a one-second window the fake answers `rateLimited` (429 by default). */
  requestsPerSecond?: number;
}

export interface FakeServer {
  url: string;
  port: number;
  /** How many requests were answered 429 by the rate limit. */
  rateLimitedCount(): number;
  requestCount(): number;
  setOptions(options: FakeOptions): void;
  /** The next requests (past the rate limit) get these answers instead, in order: outages, HTML pages. */
  answerNext(...answers: FakeResponse[]): void;
  close(): Promise<void>;
}

function parseBody(request: IncomingMessage, text: string): unknown {
  const type = request.headers['content-type'] ?? '';
  if (text === '') return undefined;
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  if (type.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  return undefined;
}

function send(response: ServerResponse, answer: FakeResponse): void {
  const headers = { ...answer.headers };
  let body = '';
  if (typeof answer.body === 'string') body = answer.body;
  else if (answer.body !== undefined) {
    body = JSON.stringify(answer.body);
    headers['content-type'] ??= 'application/json';
  }
  response.writeHead(answer.status, headers).end(body);
}

/**
 * Starts a fake on 127.0.0.1 (port 0 picks a free one). `rateLimited` is the service's own 429 answer;
 * by default a JSON body with Retry-After 1.
 */
export async function startFakeServer(
  handler: FakeHandler,
  options: FakeOptions & { port?: number; rateLimited?: () => FakeResponse } = {},
): Promise<FakeServer> {
  let current: FakeOptions = { ...options };
  let windowStart = 0;
  let windowCount = 0;
  let limited = 0;
  let total = 0;
  const forcedAnswers: FakeResponse[] = [];
  const rateLimited =
    options.rateLimited ??
    (() => ({ status: 429, headers: { 'retry-after': '1' }, body: { message: 'Too many requests' } }));
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      total++;
      try {
        if (current.latencyMs) await new Promise((resolve) => setTimeout(resolve, current.latencyMs));
        if (current.requestsPerSecond) {
          const now = Date.now();
          if (now - windowStart >= 1000) {
            windowStart = now;
            windowCount = 0;
          }
          windowCount++;
          if (windowCount > current.requestsPerSecond) {
            limited++;
            send(response, rateLimited());
            return;
          }
        }
        const forced = forcedAnswers.shift();
        if (forced) {
          send(response, forced);
          return;
        }
        const url = new URL(request.url ?? '/', 'http://fake.local');
        const bodyText = Buffer.concat(chunks).toString('utf8');
        const answer = await handler({
          method: request.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: request.headers,
          bodyText,
          body: parseBody(request, bodyText),
        });
        send(response, answer);
      } catch (error) {
        send(response, {
          status: 500,
          body: { message: error instanceof Error ? error.message : 'fake failed' },
        });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    rateLimitedCount: () => limited,
    requestCount: () => total,
    setOptions(next) {
      current = { ...current, ...next };
    },
    answerNext(...answers) {
      forcedAnswers.push(...answers);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A parsed body as an object of its fields; anything else (an array, a string, nothing) as no fields. */
export const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

export const newToken = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The service's consent page: "Allow" sends the browser to redirect_uri with a fresh code and the state,
 * "Deny" with error=access_denied. `issueCode` records what the code stands for.
 */
export function authorizePage(
  serviceLabel: string,
  query: URLSearchParams,
  issueCode: () => string,
): FakeResponse {
  const redirectUri = query.get('redirect_uri');
  const state = query.get('state') ?? '';
  if (!redirectUri)
    return { status: 400, body: { error: 'invalid_request', error_description: 'redirect_uri is missing' } };
  const allow = new URL(redirectUri);
  allow.searchParams.set('code', issueCode());
  allow.searchParams.set('state', state);
  const deny = new URL(redirectUri);
  deny.searchParams.set('error', 'access_denied');
  deny.searchParams.set('state', state);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(serviceLabel)} (local fake): authorize</title></head>
<body><h1>Allow Quizbeam to access your ${escapeHtml(serviceLabel)} account?</h1>
<p>This is a local fake of ${escapeHtml(serviceLabel)} for tests and trials.</p>
<p><a href="${escapeHtml(allow.toString())}">Allow</a> <a href="${escapeHtml(deny.toString())}">Deny</a></p></body></html>`;
  return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: html };
}

/** HTTP Basic credentials of a request, or null. */
export function basicAuth(request: FakeRequest): { user: string; password: string } | null {
  const header = request.headers.authorization ?? '';
  const match = /^Basic\s+(.+)$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export const bearerToken = (request: FakeRequest): string | null =>
  /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;
