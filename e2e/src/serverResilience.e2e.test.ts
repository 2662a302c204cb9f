import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './serverProcess';
import { createAccount } from './support';

/*
 * A visitor or an attacker can drop a connection at any moment: before the answer, in the middle of it, or
 * by closing without reading. None of that may stop the server (a reset once ended the whole process).
 * Every kind of route is hit, on a server process of its own, and the process must still be up and answering.
 */

let server: RunningServer;
let appHost = '';
let publishHost = '';
let port = 0;
let cookie = '';
let slug = '';
let playerScript = '';
let uploadPath = '';
let previewBody = '';
let accountId = '';

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A quiz whose page is large (over 100 KB), so a reset lands in the middle of its answer. */
function largeQuiz(): Quiz {
  const { quiz } = buildQuiz({
    type: 'scored',
    questions: Array.from({ length: 150 }, (_, question) => ({
      text: `Question ${question + 1}: ${'how does your team plan its week? '.repeat(4)}`,
      answers: Array.from({ length: 6 }, (_, answer) => ({
        points: answer,
        text: `Answer ${answer + 1} ${'x'.repeat(40)}`,
      })),
    })),
    outcomes: [{ from: 0, to: 5_000 }],
  });
  return quiz;
}

async function api(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`http://${appHost}${path}`, {
    method,
    headers: { cookie, origin: `http://${appHost}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const request = (
  method: string,
  host: string,
  path: string,
  headers: Record<string, string> = {},
  body = '',
) =>
  `${method} ${path} HTTP/1.1\r\n${Object.entries({
    host,
    connection: 'close',
    ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
    ...headers,
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n${body}`;

type Drop = 'reset-at-once' | 'closed-unread' | 'reset-mid-answer' | 'pipelined-then-closed';

/** Sends the request and drops the connection the given way; resolves when the socket is gone. */
async function dropConnection(raw: string, drop: Drop): Promise<void> {
  const socket: Socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  // A server that is gone shows as a refused or reset connection: the test's check of the process tells.
  if (
    !(await once(socket, 'connect').then(
      () => true,
      () => false,
    ))
  )
    return;
  const gone = once(socket, 'close').catch(() => {});
  socket.write(drop === 'pipelined-then-closed' ? raw.replace('connection: close\r\n', '').repeat(5) : raw);
  if (drop === 'reset-at-once') socket.resetAndDestroy();
  else if (drop === 'closed-unread') socket.destroy();
  else {
    // Wait for the first bytes of the answer (or a moment), stop reading, then drop the rest.
    await Promise.race([
      once(socket, 'data').catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, 1_000)),
    ]);
    socket.pause();
    await new Promise((resolve) => setTimeout(resolve, 10));
    if (drop === 'reset-mid-answer') socket.resetAndDestroy();
    else socket.destroy();
  }
  await gone;
}

beforeAll(async () => {
  server = await startServer();
  appHost = new URL(server.appUrl).host;
  publishHost = new URL(server.publishUrl).host;
  port = Number(new URL(server.appUrl).port);
  const { email } = await createAccount(server.dataDir, { password: 'secret-one', admin: true });
  const login = await fetch(`http://${appHost}/api/login`, {
    method: 'POST',
    headers: { origin: `http://${appHost}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret-one' }),
  });
  cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const me = (await (await api('GET', '/api/me')).json()) as { account: { id: string } };
  accountId = me.account.id;
  const { quizId } = (await (
    await api('POST', '/api/quizzes', { name: 'Big quiz', type: 'scored' })
  ).json()) as {
    quizId: string;
  };
  const stored = (await (await api('GET', `/api/quizzes/${quizId}`)).json()) as Quiz;
  const quiz = { ...largeQuiz(), id: quizId, name: stored.name, publishedId: stored.publishedId };
  const published = await api('POST', `/accounts/${me.account.id}/quizzes/${quizId}/publish`, quiz);
  expect(published.status).toBe(200);
  slug = ((await published.json()) as Quiz).publishedId ?? '';
  const page = await (await fetch(`http://${publishHost}/${slug}`)).text();
  expect(page.length).toBeGreaterThan(100_000);
  playerScript = /src="(\/_q\/player-[^"]+\.js)"/.exec(page)?.[1] ?? '';
  const image = (await (
    await api('POST', `/accounts/${accountId}/image/create`, {
      filename: 'a.png',
      size: ONE_PIXEL_PNG.length,
    })
  ).json()) as { url: string; preSignedUrl: string; uploadHeaders: Record<string, string> };
  const uploaded = await fetch(image.preSignedUrl, {
    method: 'PUT',
    headers: { ...image.uploadHeaders, origin: `http://${appHost}` },
    body: ONE_PIXEL_PNG,
  });
  expect(uploaded.status).toBe(200);
  uploadPath = new URL(image.url).pathname;
  previewBody = new URLSearchParams({ data: JSON.stringify(quiz) }).toString();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('a server whose clients drop connections', () => {
  it('stays up whatever route the connection was on and however it was dropped', async () => {
    const formHeaders = {
      cookie,
      origin: `http://${appHost}`,
      'content-type': 'application/x-www-form-urlencoded',
    };
    const jsonHeaders = { 'content-type': 'application/json' };
    const events = JSON.stringify({
      snapshotId: crypto.randomUUID(),
      visitId: 'visit-aaaaaaaaaaaaaaaa',
      events: [{ type: 'visit' }],
    });
    const requests = [
      request('GET', publishHost, `/${slug}`, { 'accept-encoding': 'br, gzip' }),
      request('GET', publishHost, `/${slug}`),
      request('GET', publishHost, `/${slug}?utm_source=ad`, { 'accept-encoding': 'gzip' }),
      request('HEAD', publishHost, `/${slug}`),
      request('GET', publishHost, playerScript, { 'accept-encoding': 'gzip' }),
      request('GET', publishHost, '/_q/embed.js'),
      request('POST', publishHost, '/_q/events', jsonHeaders, events),
      request('GET', publishHost, '/zzzzzzzz'),
      request('GET', appHost, '/'),
      request('GET', appHost, '/login', { 'accept-encoding': 'br' }),
      request('GET', appHost, '/api/me'),
      request('GET', appHost, '/api/quizzes', { cookie }),
      request(
        'POST',
        appHost,
        '/api/login',
        { origin: `http://${appHost}`, ...jsonHeaders },
        '{"email":"a@b.co","password":"x"}',
      ),
      request('GET', appHost, '/logout'),
      request('GET', appHost, '/admin', { cookie }),
      request('GET', appHost, uploadPath),
      request('POST', appHost, `/accounts/${accountId}/quizzes/preview`, formHeaders, previewBody),
      request('GET', 'unknown.example', '/'),
      request('GET', `127.0.0.1:${port}`, '/internal/tls-ask?domain=example.com'),
    ];
    for (const raw of requests) {
      for (const drop of [
        'reset-at-once',
        'closed-unread',
        'reset-mid-answer',
        'pipelined-then-closed',
      ] as const) {
        // Five of each, as a client that gives up again and again would.
        await Promise.all(Array.from({ length: 5 }, () => dropConnection(raw, drop)));
      }
      expect(server.isRunning(), `${raw.split('\r\n')[0]}\n${server.output()}`).toBe(true);
    }
    expect((await fetch(`http://${appHost}/api/me`)).status).toBe(401);
    expect((await fetch(`http://${publishHost}/${slug}`)).status).toBe(200);
    expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
  });
});
