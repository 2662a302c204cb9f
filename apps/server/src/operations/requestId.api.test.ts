import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { startTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the request id', () => {
  it('echoes a sane incoming X-Request-Id', async () => {
    const id = 'proxy-1.2_3';
    const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': id } });
    expect(response.headers['x-request-id']).toBe(id);
  });

  it('generates one when none is sent, a new one each time', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/healthz' });
    const second = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it.each([
    ['too long', 'a'.repeat(101)],
    ['a space', 'two words'],
    ['a quote', 'id"x'],
    ['a newline escape', 'line%0abreak'],
    ['empty', ''],
  ])('refuses an id with %s and generates one instead', async (_case, id) => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': id } });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('accepts 100 characters', async () => {
    const id = 'a'.repeat(100);
    const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': id } });
    expect(response.headers['x-request-id']).toBe(id);
  });

  it('is set on error answers, API calls and every host', async () => {
    const cases = [
      { url: '/api/quizzes', host: 'localhost:3000', status: 401 },
      { url: '/nothing-here', host: 'unknown.example', status: 404 },
      { url: '/zzzzzzzz', host: '127.0.0.1:3000', status: 404 },
    ];
    for (const { url, host, status } of cases) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { host, 'x-request-id': 'trace-9' },
      });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['x-request-id'], url).toBe('trace-9');
    }
  });
});

describe('structured logs', () => {
  it('log an unhandled error as JSON with the request id, and requests only when asked', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    for (const logRequests of [false, true]) {
      lines.length = 0;
      const app = await buildApp(t.context, { logger: { stream }, logRequests });
      app.get('/explode', async () => {
        throw new Error('boom');
      });
      const response = await app.inject({
        method: 'GET',
        url: '/explode',
        headers: { 'x-request-id': 'err-42' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.headers['x-request-id']).toBe('err-42');
      const errorLine = lines.find((line) => line.msg === 'unhandled error');
      expect(errorLine).toMatchObject({ level: 50, reqId: 'err-42', err: { message: 'boom' } });
      const requestLines = lines.filter(
        (line) => line.msg === 'incoming request' || line.msg === 'request completed',
      );
      expect(requestLines.length).toBe(logRequests ? 2 : 0);
      for (const line of requestLines) expect(line.reqId).toBe('err-42');
      await app.close();
    }
  });
});
