import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { quizSchema } from '@quizbeam/contracts/quiz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../../testing/dnsServer';
import { PUBLISH_ORIGIN, storedScoredQuiz } from '../../testing/publishing';
import { APP_ORIGIN, startTestApp, type TestApp } from '../../testing/testApp';
import { NOT_FOUND_TITLE } from './render/renderNotFoundPage';

let t: TestApp;
let dns: TestDnsServer;
let slug = '';
beforeAll(async () => {
  dns = await startTestDnsServer({ '*.example.com': { cname: 'quizzes.test.' } });
  t = await startTestApp({ APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN, DNS_SERVERS: dns.address });
  const { accountId, call } = await t.signIn();
  const { quiz } = await storedScoredQuiz(call);
  const live = quizSchema.parse(
    (await call('POST', `/accounts/${accountId}/quizzes/${quiz.id}/publish`, quiz)).json(),
  );
  slug = live.publishedId ?? '';
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const get = (
  url: string,
  host: string,
  extra: { remoteAddress?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { host, ...extra.headers },
    remoteAddress: extra.remoteAddress,
  });

describe('routing by Host', () => {
  it('finds the publish site by its host name, whatever the port, case or trailing dot', async () => {
    for (const host of [
      'quizzes.test:4000',
      'quizzes.test',
      'QUIZZES.test',
      'quizzes.test.',
      'quizzes.test.:4000',
    ]) {
      const page = await get(`/${slug}`, host);
      expect([host, page.statusCode]).toEqual([host, 200]);
      expect(page.body).toContain('Find your plan');
    }
  });

  it('serves a quiz page with or without a trailing slash, and the 404 under it', async () => {
    const page = await get(`/${slug}/`, 'quizzes.test');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Find your plan');
    for (const url of [`/${slug}/more`, `/${slug}/more/`, '/']) {
      const missing = await get(url, 'quizzes.test');
      expect([url, missing.statusCode]).toEqual([url, 404]);
      expect(missing.body).toContain(NOT_FOUND_TITLE);
    }
  });

  it('answers any other host with a small 404, never the builder or the API', async () => {
    for (const host of ['unknown.example', '203.0.113.7', 'localhost.evil.example', 'gone.example.com']) {
      for (const url of ['/', '/login', '/api/me', `/${slug}`, '/_q/embed.js']) {
        const response = await get(url, host);
        expect([host, url, response.statusCode]).toEqual([host, url, 404]);
        expect(response.body).toContain(NOT_FOUND_TITLE);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    }
  });

  it('serves the Quizbeam mark as /favicon.ico on published sites, cached for long', async () => {
    const { call } = await t.signIn();
    expect((await call('POST', '/api/domain', { host: 'icon.example.com' })).statusCode).toBe(200);
    for (const host of ['quizzes.test:4000', 'icon.example.com']) {
      const icon = await get('/favicon.ico', host);
      expect([host, icon.statusCode, icon.headers['content-type']]).toEqual([host, 200, 'image/x-icon']);
      expect(icon.headers['cache-control']).toMatch(/^public, max-age=\d{7,}$/);
      const body = icon.rawPayload;
      // An ICO header for one 32 × 32 image, a PNG inside.
      expect([...body.subarray(0, 8)]).toEqual([0, 0, 1, 0, 1, 0, 32, 32]);
      expect(body.subarray(22, 26).toString('latin1')).toBe('\x89PNG');
      expect(body.length).toBeLessThan(2048);
    }
    expect((await get(`/${slug}`, 'quizzes.test')).body).toContain('<link rel="icon" href="/favicon.ico"');
  });

  it('keeps the builder on its host name, with or without the port', async () => {
    for (const host of ['localhost:3000', 'localhost', 'LOCALHOST:3000']) {
      const me = await get('/api/me', host);
      expect([host, me.statusCode]).toEqual([host, 401]);
    }
  });

  it('answers a removed custom domain still pointed at us with the 404, not the login page', async () => {
    const { call } = await t.signIn();
    const added = await call('POST', '/api/domain', { host: 'quiz.example.com' });
    expect(added.statusCode).toBe(200);
    expect((await call('DELETE', `/api/domain/${added.json().id}`)).statusCode).toBe(200);
    const login = await get('/login', 'quiz.example.com');
    expect(login.statusCode).toBe(404);
    expect(login.body).toContain(NOT_FOUND_TITLE);
  });
});

describe('/internal/', () => {
  it('answers Caddy’s tls-ask only from this machine, never through a proxy or from outside', async () => {
    const { call } = await t.signIn();
    expect((await call('POST', '/api/domain', { host: 'tls.example.com' })).statusCode).toBe(200);
    const ask = (extra: { remoteAddress?: string; headers?: Record<string, string> }) =>
      get('/internal/tls-ask?domain=tls.example.com', '127.0.0.1:3000', extra);
    expect((await ask({ remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await ask({ remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await ask({ remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(200);
    for (const outside of ['203.0.113.9', '10.0.0.5', '::ffff:198.51.100.1']) {
      const refused = await ask({ remoteAddress: outside });
      expect([outside, refused.statusCode]).toEqual([outside, 404]);
      expect(refused.body).not.toBe('ok');
    }
    const proxied = await ask({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(404);
    const onPublicHost = await get('/internal/tls-ask?domain=tls.example.com', 'quizzes.test', {
      remoteAddress: '198.51.100.2',
    });
    expect(onPublicHost.statusCode).toBe(404);
  });

  it('is not reached by another spelling of the path or an absolute-form target', async () => {
    const { call } = await t.signIn();
    expect((await call('POST', '/api/domain', { host: 'spelled.example.com' })).statusCode).toBe(200);
    const outside = { remoteAddress: '203.0.113.9' };
    const proxied = { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } };
    for (const url of [
      '/%69nternal/tls-ask?domain=spelled.example.com',
      '/internal%2Ftls-ask?domain=spelled.example.com',
      'http://localhost:3000/internal/tls-ask?domain=spelled.example.com',
    ]) {
      for (const caller of [outside, proxied]) {
        const refused = await get(url, 'localhost:3000', caller);
        expect([url, refused.statusCode]).toEqual([url, 404]);
        expect(refused.body).toContain(NOT_FOUND_TITLE);
      }
    }
  });
});

describe('request targets', () => {
  /** A raw request over a socket: inject() would parse an absolute-form target into a path. */
  async function rawStatus(target: string, host: string): Promise<{ status: number; body: string }> {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => null);
    const port = address ? new URL(address).port : String((t.app.server.address() as AddressInfo).port);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.end(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      });
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        answer += chunk;
      });
      socket.on('error', reject);
      socket.on('close', () =>
        resolve({ status: Number(answer.split(' ', 2)[1]), body: answer.slice(answer.indexOf('\r\n\r\n')) }),
      );
    });
  }

  it('answers an absolute-form or asterisk target with the small 404 on every host, never the builder', async () => {
    for (const host of ['quizzes.test', 'localhost:3000', 'unknown.example']) {
      for (const target of [`http://${host}/${slug}`, `http://${host}/login`, '*']) {
        const { status, body } = await rawStatus(target, host);
        expect([host, target, status]).toEqual([host, target, 404]);
        expect(body).toContain(NOT_FOUND_TITLE);
      }
    }
  });

  it('answers a path that cannot be decoded with the app’s own 400, naming no internal route', async () => {
    for (const host of ['quizzes.test', 'localhost:3000']) {
      for (const url of ['/%ff', '/_q/fonts/%ff']) {
        const response = await get(url, host);
        expect([host, url, response.statusCode]).toEqual([host, url, 400]);
        expect(response.json()).toEqual({
          error: 'Invalid request. The address is not valid.',
          code: 'validation_failed',
        });
      }
    }
  });

  it('keeps the published site’s own routes off the builder’s host however they are spelled', async () => {
    for (const url of [
      '/__published/_q/embed.js',
      '/%5F_published/_q/embed.js',
      '/%5f_published/_q/embed.js',
    ]) {
      const response = await get(url, 'localhost:3000');
      expect([url, response.statusCode]).not.toEqual([url, 200]);
      expect(response.headers['content-type'] ?? '').not.toContain('javascript');
    }
  });
});

describe('/internal/ with INTERNAL_ALLOWED_ADDRESSES (Caddy in another container)', () => {
  it('answers the listed addresses and ranges directly, never through a proxy, and nobody else', async () => {
    const allowing = await startTestApp({
      APP_URL: APP_ORIGIN,
      PUBLISH_URL: PUBLISH_ORIGIN,
      DNS_SERVERS: dns.address,
      INTERNAL_ALLOWED_ADDRESSES: '172.30.77.10, 10.8.0.0/16, 2001:db8::/64',
    });
    try {
      const { call } = await allowing.signIn();
      expect((await call('POST', '/api/domain', { host: 'caddy.example.com' })).statusCode).toBe(200);
      const ask = (remoteAddress: string, headers: Record<string, string> = {}) =>
        allowing.app.inject({
          method: 'GET',
          url: '/internal/tls-ask?domain=caddy.example.com',
          headers: { host: 'quizbeam:3000', ...headers },
          remoteAddress,
        });
      for (const allowed of [
        '172.30.77.10',
        '::ffff:172.30.77.10',
        '10.8.200.3',
        '2001:db8::7',
        '127.0.0.1',
      ]) {
        expect([allowed, (await ask(allowed)).statusCode]).toEqual([allowed, 200]);
      }
      for (const outside of ['172.30.77.11', '10.9.0.1', '2001:db8:1::7', '203.0.113.9']) {
        expect([outside, (await ask(outside)).statusCode]).toEqual([outside, 404]);
      }
      expect((await ask('172.30.77.10', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    } finally {
      await allowing.close();
    }
  });
});
