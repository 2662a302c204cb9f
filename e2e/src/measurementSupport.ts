import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parse } from 'csv-parse/sync';

/** A local HTTP server the journey owns: where it answers, and how to stop it. */
interface LocalServer {
  url: string;
  close(): Promise<void>;
}

async function listenLocally(server: Server, host: string): Promise<LocalServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface WebhookReceiver extends LocalServer {
  /** Every POST it answered, oldest first, its JSON body parsed (undefined when it was not JSON). */
  received: ReceivedWebhook[];
}

/** The marketer's own endpoint for the quiz's webhook: answers 200 and keeps what it was sent. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  return { ...(await listenLocally(server, '127.0.0.1')), received };
}

/** One request that passed through a recording proxy, as the server sent it. */
export interface ForwardedRequest {
  method: string;
  /** Without the query string (which may carry a service's secret). */
  path: string;
  body: string;
}

export interface RecordingProxy extends LocalServer {
  /** Every request passed on, oldest first. */
  forwarded: ForwardedRequest[];
  /** The fake's environment with its address replaced by the proxy's: what points the server through it. */
  env: Record<string, string>;
}

/**
 * Stands between the server and a service fake, passing each request on unchanged and keeping it: the
 * fakes upsert their contacts, so only the requests tell a repeated delivery from a single one.
 */
export async function startRecordingProxy(fake: {
  server: { url: string };
  env: Record<string, string>;
}): Promise<RecordingProxy> {
  const forwarded: ForwardedRequest[] = [];
  const target = new URL(fake.server.url);
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = incoming.method ?? 'GET';
      forwarded.push({
        method,
        path: new URL(incoming.url ?? '/', target).pathname,
        body: body.toString('utf8'),
      });
      const onward = request(
        {
          hostname: target.hostname,
          port: target.port,
          method,
          path: incoming.url,
          headers: { ...incoming.headers, host: target.host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      onward.on('error', () => outgoing.writeHead(502).end());
      onward.end(body);
    });
  });
  const local = await listenLocally(server, '127.0.0.1');
  const env = Object.fromEntries(
    Object.entries(fake.env).map(([name, value]) => [name, value.replaceAll(fake.server.url, local.url)]),
  );
  return { ...local, forwarded, env };
}

export interface EmbeddingPage extends LocalServer {
  /** What the page holds after its heading: the quiz's embed code, set once the quiz is published. */
  setEmbedCode(code: string): void;
}

/**
 * A partner's blog that embeds the quiz. It answers on `localhost`, another origin than the published quiz
 * (127.0.0.1 on the server's port), as an embedding site always is.
 */
export async function startEmbeddingPage(): Promise<EmbeddingPage> {
  let embedCode = '';
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>Partner blog</title><h1>Our blog</h1>${embedCode}`);
  });
  return {
    ...(await listenLocally(server, 'localhost')),
    setEmbedCode(code) {
      embedCode = code;
    },
  };
}

/** SHA-256 in lowercase hex, as Meta takes a customer's hashed email. */
export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** A CSV file's text as rows of cells (a leading byte order mark dropped). */
export const parseCsv = (text: string): string[][] => parse(text, { bom: true, relax_column_count: true });

/** One column of a parsed CSV by its header, each data row's cell; throws when there is no such column. */
export function csvColumn(rows: string[][], header: string): string[] {
  const [headers = [], ...data] = rows;
  const at = headers.indexOf(header);
  if (at < 0) throw new Error(`no "${header}" column among ${JSON.stringify(headers)}`);
  return data.map((row) => row[at] ?? '');
}

/** The subjects of the emails in a server's outbox to `to`, oldest first (the mailer names each file after it). */
export function outboxSubjectsTo(dataDir: string, to: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  const slug = to.replace(/[^a-zA-Z0-9]+/g, '_');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((name) => name.includes(`-${slug}-`) && name.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const [head = ''] = readFileSync(path.join(outbox, file), 'utf8').split(/\r?\n\r?\n/);
    return head.replace(/\r?\n[ \t]+/g, ' ').match(/^Subject: (.*)$/m)?.[1] ?? '';
  });
}
