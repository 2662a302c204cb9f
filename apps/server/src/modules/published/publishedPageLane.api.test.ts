import { connect, type Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, startTestApp, type TestApp } from '../../testing/testApp';
import { liveSnapshotIdOf, PUBLISH_HOST, PUBLISH_ORIGIN, storedScoredQuiz } from './publishingTestSupport';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The responses in a byte stream (to HEAD requests when `head`); `rest` is what follows the last whole one. */
function parseResponses(bytes: Buffer, head = false): { responses: RawResponse[]; rest: Buffer } {
  const responses: RawResponse[] = [];
  let rest = bytes;
  for (;;) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd === -1) break;
    const [statusLine = '', ...lines] = rest.toString('latin1', 0, headEnd).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(statusLine.split(' ')[1]);
    // Node's own error answers (such as 400) have no body and close the connection.
    const length = status === 304 || head ? 0 : Number(headers['content-length'] ?? 0);
    if (rest.length < headEnd + 4 + length) break;
    responses.push({ status, headers, body: rest.subarray(headEnd + 4, headEnd + 4 + length) });
    rest = rest.subarray(headEnd + 4 + length);
  }
  return { responses, rest };
}

/** A raw connection: writes each chunk (50 ms apart), then reads until `count` responses or the close. */
async function exchange(
  port: number,
  chunks: string[],
  count: number,
  {
    head = false,
    readAfterMs = 0,
    socket = connect(port, '127.0.0.1'),
  }: { head?: boolean; readAfterMs?: number; socket?: Socket } = {},
): Promise<{ responses: RawResponse[]; closed: boolean; socket: Socket }> {
  let received = Buffer.alloc(0);
  let closed = false;
  const done = new Promise<void>((resolve, reject) => {
    const check = () => {
      if (closed || parseResponses(received, head).responses.length >= count) resolve();
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      check();
    });
    socket.on('close', () => {
      closed = true;
      check();
    });
    socket.on('error', reject);
  });
  if (readAfterMs > 0) {
    socket.pause();
    setTimeout(() => socket.resume(), readAfterMs);
  }
  for (const [index, chunk] of chunks.entries()) {
    if (index > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write(chunk);
  }
  await done;
  socket.removeAllListeners('data');
  return { responses: parseResponses(received, head).responses, closed, socket };
}

const get = (path: string, headers: Record<string, string> = {}) =>
  `GET ${path} HTTP/1.1\r\n${Object.entries({ host: PUBLISH_HOST, ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

let t: TestApp;
let port = 0;
let slug = '';
let playerScript = '';
let snapshotId = '';
beforeAll(async () => {
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN });
  const { accountId, call } = await t.signIn();
  const { quiz } = await storedScoredQuiz(call);
  const live = (await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, quiz)).json() as Quiz;
  slug = live.publishedId ?? '';
  snapshotId = await liveSnapshotIdOf(t, quiz.id);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  // The first request renders the page and keeps it in memory; later ones can take the lane.
  const [loaded] = (await exchange(port, [get(`/${slug}`)], 1)).responses;
  playerScript = /src="(\/_q\/[^"]+\.js)"/.exec(loaded?.body.toString() ?? '')?.[1] ?? '';
  expect(playerScript).not.toBe('');
});
afterAll(async () => {
  await t.close();
});

/** Fastify adds Server-Timing to everything it answers; the lane does not. */
const answeredByLane = (response: RawResponse | undefined) =>
  response?.headers['server-timing'] === undefined;

describe('the published page lane', () => {
  it('answers a cached page with the same status, headers and bytes as Fastify', async () => {
    const headers = { 'accept-encoding': 'gzip, deflate' };
    const [fromLane] = (await exchange(port, [get(`/${slug}?utm_source=x`, headers)], 1)).responses;
    // A conditional header that matches nothing sends the request through Fastify, which answers in full.
    const [fromFastify] = (
      await exchange(port, [get(`/${slug}`, { ...headers, 'if-none-match': '"other"' })], 1)
    ).responses;
    expect(answeredByLane(fromLane)).toBe(true);
    expect(answeredByLane(fromFastify)).toBe(false);
    expect(fromLane?.status).toBe(200);
    expect(fromFastify?.status).toBe(200);
    expect(fromLane?.body.equals(fromFastify?.body ?? Buffer.alloc(0))).toBe(true);
    expect(gunzipSync(fromLane?.body ?? Buffer.alloc(0)).toString()).toContain('Find your plan');
    const { 'server-timing': _timing, date: fastifyDate, ...fastifyHeaders } = fromFastify?.headers ?? {};
    const { date: laneDate, ...laneHeaders } = fromLane?.headers ?? {};
    expect(laneHeaders).toEqual(fastifyHeaders);
    expect(Date.parse(laneDate ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(fastifyDate ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const [identity] = (await exchange(port, [get(`/${slug}`)], 1)).responses;
    expect(answeredByLane(identity)).toBe(true);
    expect(identity?.headers['content-encoding']).toBeUndefined();
    expect(identity?.body.toString()).toContain('Find your plan');
    const [brotli] = (await exchange(port, [get(`/${slug}`, { 'accept-encoding': 'br' })], 1)).responses;
    expect(brotli?.headers['content-encoding']).toBe('br');
  });

  it('hands a connection to Node at its first other request, keeping the order of the answers', async () => {
    const event = JSON.stringify({
      snapshotId,
      visitId: 'visit-lane-aaaaaaaaaaa',
      events: [{ type: 'visit' }],
    });
    const pipelined = [
      get(`/${slug}`),
      get(`/${slug}`),
      get(playerScript),
      get(`/${slug}`),
      `POST /_q/events HTTP/1.1\r\nhost: ${PUBLISH_HOST}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(event)}\r\n\r\n${event}`,
      get('/zzzzzzzz'),
    ].join('');
    const { responses } = await exchange(port, [pipelined], 6);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 202, 404]);
    expect(responses.map(answeredByLane)).toEqual([true, true, false, false, false, false]);
    expect(responses[2]?.headers['content-type']).toContain('javascript');
    expect(responses[3]?.body.toString()).toContain('Find your plan');
  });

  it('answers many pipelined requests in order, waiting for the client to read', async () => {
    // About 17 MB of answers, more than the connection's buffers hold while the client does not read.
    const count = 1000;
    const { responses } = await exchange(port, [get(`/${slug}`).repeat(count)], count, { readAfterMs: 500 });
    expect(responses).toHaveLength(count);
    expect(responses.every((response) => response.status === 200 && answeredByLane(response))).toBe(true);
    expect(new Set(responses.map((response) => response.body.length)).size).toBe(1);
  });

  it('leaves unusual requests to Node: split header blocks, other hosts, HEAD, HTTP/1.0, bodies', async () => {
    const split = get(`/${slug}`);
    const [whole] = (await exchange(port, [split.slice(0, 20), split.slice(20)], 1)).responses;
    expect(whole?.status).toBe(200);
    expect(answeredByLane(whole)).toBe(false);

    const [builderHost] = (await exchange(port, [get(`/${slug}`, { host: 'localhost:3000' })], 1)).responses;
    expect(builderHost?.body.toString()).not.toContain('Find your plan');

    const headRequest = `HEAD /${slug} HTTP/1.1\r\nhost: ${PUBLISH_HOST}\r\n\r\n`;
    const [head] = (await exchange(port, [headRequest], 1, { head: true })).responses;
    expect(head?.status).toBe(200);
    expect(answeredByLane(head)).toBe(false);

    const http10 = await exchange(port, [`GET /${slug} HTTP/1.0\r\nhost: ${PUBLISH_HOST}\r\n\r\n`], 1);
    expect(http10.responses[0]?.status).toBe(200);
    expect(answeredByLane(http10.responses[0])).toBe(false);

    const smuggled = `GET /${slug} HTTP/1.1\r\nhost: ${PUBLISH_HOST}\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n${get(`/${slug}`)}`;
    const afterBody = (await exchange(port, [smuggled], 2)).responses;
    expect(afterBody.map((response) => response.status)).toEqual([200, 200]);
    expect(afterBody.map(answeredByLane)).toEqual([false, false]);

    const [noHost] = (await exchange(port, [`GET /${slug} HTTP/1.1\r\n\r\n`], 1)).responses;
    expect(noHost?.status).toBe(400);
  });

  it('closes the connection after a response when the request asks for it', async () => {
    const { responses, closed } = await exchange(port, [get(`/${slug}`, { connection: 'close' })], 2);
    expect(responses).toHaveLength(1);
    expect(answeredByLane(responses[0])).toBe(true);
    expect(responses[0]?.headers.connection).toBe('close');
    expect(closed).toBe(true);
  });

  it('ends the connections it holds when the server closes', async () => {
    const { responses, socket } = await exchange(port, [get(`/${slug}`)], 1);
    expect(answeredByLane(responses[0])).toBe(true);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await t.app.close();
    await closed;
  });
});
