import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_CONFIG_ELEMENT_ID } from '@quizbeam/contracts/clientConfig';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { builderContentSecurityPolicy } from '../../security/securityHeaders';
import { nonAdminRoles, type Roles, signInRoles } from '../../testing/adminRoles';
import { startTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let roles: Roles;
beforeAll(async () => {
  t = await startTestApp();
  roles = await signInRoles(t);
});
afterAll(async () => {
  await t.close();
});

const open = (app: FastifyInstance, cookie?: string) =>
  app.inject({ url: '/admin', headers: cookie ? { cookie } : {} });

describe('GET {base}/admin', () => {
  it('sends a visitor to sign in', async () => {
    const answer = await open(t.app);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/login');
  });

  it('answers 404 to every signed-in user who is not an admin', async () => {
    for (const role of nonAdminRoles(roles)) {
      const answer = await open(t.app, role.cookie);
      expect([role.email, answer.statusCode]).toEqual([role.email, 404]);
      expect(answer.body).not.toContain('admin console');
    }
  });

  it('tells an admin the console is not built when the builder was not built, with the builder’s headers', async () => {
    const answer = await open(t.app, roles.admin.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('The admin console has not been built yet.');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-security-policy']).toBe(
      builderContentSecurityPolicy({ imageOrigins: [] }),
    );
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });
});

describe('GET {base}/admin with a built builder', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'quizbeam-builder-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'admin.html'),
      '<!doctype html><html><head><script type="module" src="/ui/assets/admin-abc.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/ui/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
    );
    app = await buildApp(t.context, { builderDist: dist });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves admins the console’s own page with the client config, never cached', async () => {
    const answer = await open(app, roles.admin.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('/ui/assets/admin-abc.js');
    expect(answer.body).not.toContain('index-abc.js');
    expect(answer.body).toContain(`<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">`);
    expect(answer.body).toContain('"supportEmail":"help@quizbeam.test"');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-security-policy']).toBe(
      builderContentSecurityPolicy({ imageOrigins: [] }),
    );
  });

  it('serves anyone else signed in the builder’s page (its Not-found screen) with status 404', async () => {
    for (const role of nonAdminRoles(roles)) {
      const answer = await open(app, role.cookie);
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toContain('/ui/assets/index-abc.js');
      expect(answer.body).not.toContain('admin-abc.js');
      expect(answer.body).toContain(CLIENT_CONFIG_ELEMENT_ID);
    }
  });
});
