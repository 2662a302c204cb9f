import { Agent, type Dispatcher, request as undiciRequest } from 'undici';
import type { AllowedHost } from './allowedHosts';
import { guardedConnector, type ResolveHost, resolveWithSystem } from './guardedConnector';
import { findOutboundError, OutboundError } from './outboundError';
import { readCappedBody } from './readCappedBody';

export type OutboundMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `follow`: every redirect, as a browser does after a GET. `method-preserving`: only 307 and 308, which
 * repeat the request elsewhere; a 301, 302 or 303 is returned as the answer (after a POST it means
 * "received, now look there").
 */
export type RedirectPolicy = 'follow' | 'method-preserving';

export interface OutboundRequest {
  url: string;
  method?: OutboundMethod;
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange: connecting, every redirect, reading the body. */
  timeoutMs?: number;
  maxResponseBytes?: number;
  redirects?: RedirectPolicy;
}

export interface OutboundResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The first maxResponseBytes of the body, decoded as UTF-8. */
  bodyText: string;
  /** The body was longer than maxResponseBytes: the rest was not read and the connection was closed. */
  truncated: boolean;
  durationMs: number;
  /** The address that answered, after redirects. */
  url: string;
  redirectCount: number;
}

export interface OutboundHttpClient {
  request(outbound: OutboundRequest): Promise<OutboundResponse>;
  close(): Promise<void>;
}

export interface GuardedHttpClientOptions {
  /** `OUTBOUND_ALLOWED_HOSTS`: the only hosts that may be reached when private. */
  allowedHosts?: readonly AllowedHost[];
  resolveHost?: ResolveHost;
  connectTimeoutMs?: number;
  timeoutMs?: number;
  maxResponseBytes?: number;
  userAgent?: string;
}

export const OUTBOUND_DEFAULTS = {
  connectTimeoutMs: 5_000,
  timeoutMs: 15_000,
  maxResponseBytes: 64 * 1024,
  maxRedirects: 5,
  userAgent: 'Quizbeam-Delivery/1.0 (+https://quizbeam.app)',
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const METHOD_PRESERVING_STATUSES = new Set([307, 308]);
/** Credentials meant for one origin are not carried to another by a redirect. */
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

function parseHttpUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new OutboundError('bad_url', `${text.slice(0, 200)} is not a valid address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError('bad_url', `Only http and https addresses can be reached, not ${url.protocol}.`);
  }
  if (url.username || url.password) {
    throw new OutboundError('bad_url', 'Addresses with a user name or password are not supported.');
  }
  return url;
}

function flattenHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

interface Hop {
  url: URL;
  method: OutboundMethod;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The request a redirect asks for, as browsers make it: 303 (and 301/302 after a POST) become a GET without a body. */
function nextHop(hop: Hop, status: number, location: URL): Hop {
  const headers = { ...hop.headers };
  if (location.origin !== hop.url.origin) for (const name of ORIGIN_BOUND_HEADERS) delete headers[name];
  const becomesGet =
    status === 303 ? hop.method !== 'GET' : (status === 301 || status === 302) && hop.method === 'POST';
  if (!becomesGet) return { ...hop, url: location, headers };
  delete headers['content-type'];
  delete headers['content-length'];
  return { url: location, method: 'GET', headers, body: undefined };
}

function describeFailure(error: unknown, timeoutMs: number, connectTimeoutMs: number): OutboundError {
  const outbound = findOutboundError(error);
  if (outbound) return outbound;
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new OutboundError('timeout', `Could not connect within ${connectTimeoutMs} ms.`, { cause: error });
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new OutboundError('timeout', `No complete answer within ${timeoutMs} ms.`, { cause: error });
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new OutboundError('network', `Network error${code ? ` (${code})` : ''}: ${detail}`, {
    cause: error,
  });
}

/**
 * The one HTTP client every outbound request of the server goes through (form submissions, webhooks,
 * autoresponder APIs). It refuses private, loopback, link-local and metadata addresses on every connection,
 * bounds the time of the whole exchange, reads at most maxResponseBytes of an answer and follows at most
 * five redirects, each to http or https only.
 */
export function createGuardedHttpClient(options: GuardedHttpClientOptions = {}): OutboundHttpClient {
  const connectTimeoutMs = options.connectTimeoutMs ?? OUTBOUND_DEFAULTS.connectTimeoutMs;
  const defaultTimeoutMs = options.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
  const defaultMaxBytes = options.maxResponseBytes ?? OUTBOUND_DEFAULTS.maxResponseBytes;
  const agent = new Agent({
    connect: guardedConnector(
      { allowedHosts: options.allowedHosts ?? [], resolveHost: options.resolveHost ?? resolveWithSystem },
      connectTimeoutMs,
    ),
  });

  async function request(outbound: OutboundRequest): Promise<OutboundResponse> {
    const started = performance.now();
    const timeoutMs = outbound.timeoutMs ?? defaultTimeoutMs;
    const maxBytes = outbound.maxResponseBytes ?? defaultMaxBytes;
    const policy = outbound.redirects ?? 'follow';
    let hop: Hop = {
      url: parseHttpUrl(outbound.url),
      method: outbound.method ?? 'GET',
      headers: {
        'user-agent': options.userAgent ?? OUTBOUND_DEFAULTS.userAgent,
        ...lowerCaseKeys(outbound.headers ?? {}),
      },
      body: outbound.body,
    };
    const abort = new AbortController();
    const timer = setTimeout(
      () => abort.abort(new OutboundError('timeout', `No complete answer within ${timeoutMs} ms.`)),
      timeoutMs,
    );
    try {
      for (let redirectCount = 0; ; redirectCount++) {
        const response = await undiciRequest(hop.url, {
          dispatcher: agent,
          method: hop.method,
          headers: hop.headers,
          body: hop.body,
          signal: abort.signal,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        const headers = flattenHeaders(response.headers);
        const location = headers.location;
        const follows =
          REDIRECT_STATUSES.has(response.statusCode) &&
          location !== undefined &&
          (policy === 'follow' || METHOD_PRESERVING_STATUSES.has(response.statusCode));
        if (!follows) {
          const { text, truncated } = await readCappedBody(response.body, maxBytes);
          return {
            status: response.statusCode,
            headers,
            bodyText: text,
            truncated,
            durationMs: Math.round(performance.now() - started),
            url: hop.url.href,
            redirectCount,
          };
        }
        await response.body.dump({ limit: 16 * 1024 }); // an abort destroys it too, ending the dump
        if (redirectCount >= OUTBOUND_DEFAULTS.maxRedirects) {
          throw new OutboundError(
            'too_many_redirects',
            `Stopped after ${OUTBOUND_DEFAULTS.maxRedirects} redirects (the last to ${location.slice(0, 200)}).`,
          );
        }
        hop = nextHop(hop, response.statusCode, parseHttpUrl(location, hop.url));
      }
    } catch (error) {
      const failure = describeFailure(
        abort.signal.aborted ? abort.signal.reason : error,
        timeoutMs,
        connectTimeoutMs,
      );
      failure.durationMs = Math.round(performance.now() - started);
      throw failure;
    } finally {
      clearTimeout(timer);
    }
  }

  return { request, close: () => agent.close() };
}
