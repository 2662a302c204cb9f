import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/testApp';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const readyz = (app: TestApp['app'], host = 'localhost:3000') =>
  app.inject({ method: 'GET', url: '/readyz', headers: { host } });

describe('GET /healthz', () => {
  it('answers 200 without a session, uncached, on every host', async () => {
    t = await startTestApp();
    for (const host of ['localhost:3000', '127.0.0.1:3000', 'unknown.example', '10.0.0.5']) {
      const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { host } });
      expect(response.statusCode, host).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('GET /readyz', () => {
  it('is ready when the database answers and every migration is applied', async () => {
    t = await startTestApp();
    const response = await readyz(t.app);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.status).toBe('ready');
    expect(body.checks.database).toEqual({ ok: true, detail: 'answers' });
    expect(body.checks.migrations.ok).toBe(true);
    expect(body.checks.worker).toEqual({ ok: true, detail: 'off in this process (WORKER=off)' });
    expect((await readyz(t.app, '127.0.0.1:3000')).statusCode).toBe(200);
  });

  it('answers 503 naming the migration the database lacks', async () => {
    t = await startTestApp();
    await t.context.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    const response = await readyz(t.app);
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body.status).toBe('not ready');
    expect(body.failing).toEqual(['migrations']);
    expect(body.checks.migrations.detail).toMatch(/^not applied: \d{14}_/);
  });

  it('answers 503 when the database is closed', async () => {
    const app = await startTestApp();
    await app.database.disconnect();
    const response = await readyz(app.app);
    expect(response.statusCode).toBe(503);
    expect(response.json().failing).toEqual(expect.arrayContaining(['database', 'migrations']));
    await app.close();
  });

  it('answers 503 when the worker this process should run has stopped', async () => {
    const { buildApp } = await import('../app');
    t = await startTestApp();
    const status = { closing: false, worker: 'stopped' as const };
    const app = await buildApp(t.context, { status });
    const response = await readyz(app);
    expect(response.statusCode).toBe(503);
    expect(response.json().failing).toEqual(['worker']);
    await app.close();
  });
});
