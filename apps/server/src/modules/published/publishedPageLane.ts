import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { PUBLISHED_SLUG_PATTERN } from '@quizbeam/contracts/publishing';
import { type CompressedBody, type Encoding, PAGE_HEADERS, preferredEncoding } from './compressedBody';
import type { PublishedSite } from './publishedSite';

/*
 * The hot path of a published site, in front of Node's HTTP parser. Every connection starts here: while its
 * requests are plain GETs of published pages that are in memory, they are answered straight from the
 * socket with the pre-compressed bytes, one write each; that serves about 1.3 times the pages per second
 * node:http can, and over 0.7 times what nginx serves from disk (bench/published-page.ts). The first
 * request that is anything else (another path, a body, a conditional or partial request, a header block
 * split across packets, anything unusual) hands the connection, with that request's bytes still unread, to
 * Node's HTTP server for the rest of its life, so Fastify answers it as usual. The lane answers with the
 * same status, headers and body as Fastify would (see the test), and never reads a body: a request with
 * Content-Length or Transfer-Encoding is always Node's to parse.
 */

const HEADER_END = Buffer.from('\r\n\r\n');
/** Node's default limit on a request's header block; longer ones are Node's to refuse. */
const MAX_HEADER_BYTES = 16 * 1024;
const REQUEST_LINE = new RegExp(
  `^GET \\/(${PUBLISHED_SLUG_PATTERN.source.slice(1, -1)})(?:\\?[\\x21-\\x7e]*)? HTTP\\/1\\.1$`,
);
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;
/** Headers that ask for more than a whole page as it is; their requests go to Node. */
const HANDED_OVER_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'upgrade',
  'expect',
  'if-none-match',
  'if-match',
  'if-range',
  'range',
]);

interface PageRequest {
  slug: string;
  host: string;
  acceptEncoding: string | undefined;
  keepAlive: boolean;
}

/** Control characters other than tab, as Node's parser refuses them in a header block's lines. */
function hasControlCharacter(line: string): boolean {
  for (let index = 0; index < line.length; index += 1) {
    const code = line.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) return true;
  }
  return false;
}

/** The request in a header block (without its final blank line), when the lane may answer it. */
export function parsePageRequest(head: string): PageRequest | null {
  const lines = head.split('\r\n');
  if (lines.some(hasControlCharacter)) return null;
  const slug = REQUEST_LINE.exec(lines[0] ?? '')?.[1];
  if (!slug) return null;
  let host: string | undefined;
  let acceptEncoding: string | undefined;
  let keepAlive = true;
  for (const line of lines.slice(1)) {
    const header = HEADER_LINE.exec(line);
    if (!header) return null;
    const name = (header[1] ?? '').toLowerCase();
    const value = header[2] ?? '';
    if (HANDED_OVER_HEADERS.has(name)) return null;
    if (name === 'host') {
      if (host !== undefined) return null;
      host = value;
    } else if (name === 'accept-encoding') {
      acceptEncoding = acceptEncoding === undefined ? value : `${acceptEncoding}, ${value}`;
    } else if (name === 'connection') {
      if (value.split(',').some((token) => token.trim().toLowerCase() === 'close')) keepAlive = false;
    }
  }
  return host === undefined ? null : { slug, host, acceptEncoding, keepAlive };
}

/** Pages whose responses are kept for the current second at most; the rest are built per request. */
const MAX_PAGES_PER_SECOND = 1_000;

/**
 * A page's whole response (status line, headers as Fastify sends them, body) per encoding and connection
 * kind, kept for the second its Date header names: one buffer, so one write per request.
 */
class PageResponses {
  private second = -1;
  private readonly responses = new Map<CompressedBody, Map<string, Buffer>>();

  constructor(private readonly server: Server) {}

  get(page: CompressedBody, encoding: Encoding, keepAlive: boolean): Buffer {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.second) {
      this.second = second;
      this.responses.clear();
    }
    let pageResponses = this.responses.get(page);
    if (!pageResponses) {
      pageResponses = new Map();
      if (this.responses.size < MAX_PAGES_PER_SECOND) this.responses.set(page, pageResponses);
    }
    const kind = `${encoding} ${keepAlive}`;
    let response = pageResponses.get(kind);
    if (!response) {
      response = this.build(page, encoding, keepAlive, new Date(second * 1000));
      pageResponses.set(kind, response);
    }
    return response;
  }

  private build(page: CompressedBody, encoding: Encoding, keepAlive: boolean, date: Date): Buffer {
    const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
    const contentEncoding = encoding === 'identity' ? '' : `content-encoding: ${encoding}\r\n`;
    const connection = keepAlive
      ? `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(this.server.keepAliveTimeout / 1000)}\r\n`
      : 'Connection: close\r\n';
    const head = Buffer.from(
      'HTTP/1.1 200 OK\r\n' +
        `content-type: ${PAGE_HEADERS.contentType}\r\n` +
        `cache-control: ${PAGE_HEADERS.cacheControl}\r\n` +
        `etag: ${page.etag}\r\n` +
        'vary: Accept-Encoding\r\n' +
        `content-length: ${body.length}\r\n${contentEncoding}` +
        `Date: ${date.toUTCString()}\r\n${connection}\r\n`,
      'latin1',
    );
    return Buffer.concat([head, body]);
  }
}

export interface PublishedPageLane {
  /** Ends the connections the lane holds (they are idle between requests); new ones go to Node. */
  close(): void;
}

/** Puts the lane in front of `server`'s own connection handling. */
export function addPublishedPageLane(server: Server, site: PublishedSite): PublishedPageLane {
  const nodeConnectionListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  const handToNode = (socket: Socket) => {
    for (const listener of nodeConnectionListeners) listener.call(server, socket);
  };
  const responses = new PageResponses(server);
  const held = new Set<Socket>();
  let closing = false;

  function pageFor(request: PageRequest): { page: CompressedBody; encoding: Encoding } | null {
    const host = site.hosts.publishedSiteOf(request.host);
    const page = host === null ? null : site.pages.cachedPage(host, request.slug);
    return page ? { page, encoding: preferredEncoding(request.acceptEncoding) } : null;
  }

  function hold(socket: Socket): void {
    let pending: Buffer = Buffer.alloc(0);
    const release = () => {
      held.delete(socket);
      socket.off('data', onData);
      socket.off('timeout', onIdle);
      socket.off('error', onError);
      socket.setTimeout(0);
    };
    const handOver = () => {
      release();
      if (pending.length > 0) socket.unshift(pending);
      handToNode(socket);
    };
    const answerPending = () => {
      while (pending.length > 0) {
        if (socket.writableNeedDrain) {
          socket.pause();
          socket.once('drain', () => {
            socket.resume();
            answerPending();
          });
          return;
        }
        const headerEnd = pending.indexOf(HEADER_END);
        const request =
          headerEnd === -1 || headerEnd > MAX_HEADER_BYTES
            ? null
            : parsePageRequest(pending.toString('latin1', 0, headerEnd));
        const found = request && !closing ? pageFor(request) : null;
        if (!request || !found) {
          handOver();
          return;
        }
        pending = pending.subarray(headerEnd + HEADER_END.length);
        socket.write(responses.get(found.page, found.encoding, request.keepAlive));
        if (!request.keepAlive) {
          release();
          socket.end();
          return;
        }
      }
    };
    function onData(chunk: Buffer) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      answerPending();
    }
    function onIdle() {
      socket.destroy();
    }
    function onError() {
      socket.destroy();
    }
    held.add(socket);
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('close', () => held.delete(socket));
    socket.setTimeout(server.keepAliveTimeout, onIdle);
  }

  server.on('connection', (socket: Socket) => {
    if (closing) handToNode(socket);
    else hold(socket);
  });

  return {
    close() {
      closing = true;
      for (const socket of held) {
        socket.end();
        socket.setTimeout(1000, () => socket.destroy());
      }
    },
  };
}
