import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openTestDatabase } from '@quizbeam/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { readConfig } from '../../config/env';
import { createMailer } from '../../email/mailer';
import { defaultRateLimits, MemoryRateLimiter } from '../../security/rateLimiter';
import { createSecretBox } from '../../security/secretBox';

let app: FastifyInstance;
let closeDatabase: () => Promise<void>;
const dist = mkdtempSync(path.join(tmpdir(), 'quizbeam-dist-'));

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Quizbeam</title></head><body></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("builder")');
  const database = await openTestDatabase();
  closeDatabase = database.close;
  const config = readConfig({
    BASE_PATH: '/app',
    SUPPORT_EMAIL: 'care@quizbeam.test',
    PUBLISH_URL: 'http://quizzes.test:3000',
    APP_URL: 'http://builder.test:3000',
  });
  app = await buildApp(
    {
      config,
      db: database.db,
      sessionSecret: 'test-secret-that-is-long-enough-0123456789',
      secretBox: createSecretBox('test-encryption-key-that-is-long-enough-0123'),
      limiter: new MemoryRateLimiter(),
      rateLimits: defaultRateLimits,
      mailer: createMailer({ smtpUrl: undefined, outboxDir: dist, from: 'x@y.z', log: () => {} }),
    },
    { builderDist: dist },
  );
});
afterAll(async () => {
  await app.close();
  await closeDatabase();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, host = 'builder.test:3000') => app.inject({ url, headers: { host } });

describe('builder assets', () => {
  it('serves index.html with the client config for any builder route under BASE_PATH', async () => {
    for (const url of ['/app/login', '/app/quizzes/12/questions', '/app/no/such/page']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain(
        '<script type="application/json" id="quizbeam-config">{"basePath":"/app","supportEmail":"care@quizbeam.test","helpUrl":"https://quizbeam.app/help","publishUrl":"http://quizzes.test:3000"}</script></head>',
      );
    }
  });

  it("sends a visitor who is not signed in from the builder's home to sign in", async () => {
    for (const url of ['/app', '/app/']) {
      const response = await get(url);
      expect([url, response.statusCode, response.headers.location]).toEqual([url, 302, '/app/login']);
    }
  });

  it('serves hashed assets under /ui/ with a long cache', async () => {
    const response = await get('/ui/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown API paths and paths outside BASE_PATH with a JSON 404', async () => {
    for (const url of ['/api/nothing', '/elsewhere', '/ui/assets/missing.js']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: 'We could not find what you asked for.', code: 'not_found' });
    }
  });

  it('never serves the builder or the API on the publish origin', async () => {
    for (const url of ['/app/login', '/api/me', '/ui/assets/index-abc123.js']) {
      const response = await get(url, 'quizzes.test:3000');
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('This quiz is not available');
      expect(response.body).not.toContain('quizbeam-config');
    }
  });
});
