import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { builderContentSecurityPolicy, COLOR_PICKER_STYLE_HASH } from '../../security/securityHeaders';
import { type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';

const SPINNER_CSS = '.spinner{width: 48px;}';
const page = (script: string) =>
  `<!doctype html><html><head><script type="module" src="/ui/assets/${script}"></script><style>${SPINNER_CSS}</style></head><body><div id="root"><span class="spinner"></span></div></body></html>`;

let t: TestApp;
let account: SignedInAccount;
let app: FastifyInstance;
let withoutSignInPage: FastifyInstance;
const dists: string[] = [];

function builtBuilder(files: Record<string, string>): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'quizbeam-builder-dist-'));
  dists.push(dist);
  mkdirSync(path.join(dist, 'assets'));
  for (const [name, html] of Object.entries(files)) writeFileSync(path.join(dist, name), html);
  return dist;
}

beforeAll(async () => {
  t = await startTestApp();
  account = await t.signIn();
  app = await buildApp(t.context, {
    builderDist: builtBuilder({ 'index.html': page('index-abc.js'), 'signIn.html': page('signIn-abc.js') }),
  });
  withoutSignInPage = await buildApp(t.context, {
    builderDist: builtBuilder({ 'index.html': page('index-abc.js') }),
  });
});
afterAll(async () => {
  await app?.close();
  await withoutSignInPage?.close();
  await t.close();
  for (const dist of dists) rmSync(dist, { recursive: true, force: true });
});

const open = (url: string, cookie?: string, on = app) =>
  on.inject({ url, headers: cookie ? { cookie } : {} });

/** The builder's policy, its style-src also allowing the page's own spinner style and nothing more. */
const policyWithSpinner = builderContentSecurityPolicy({ imageOrigins: [] }).replace(
  `style-src 'self' ${COLOR_PICKER_STYLE_HASH}`,
  `style-src 'self' ${COLOR_PICKER_STYLE_HASH} 'sha256-${createHash('sha256').update(SPINNER_CSS).digest('base64')}'`,
);

describe('the sign-in page', () => {
  it('is what a visitor who is not signed in gets at /login and /forgot-password, never cached', async () => {
    for (const url of ['/login', '/login?next=/quizzes/7', '/forgot-password']) {
      const answer = await open(url);
      expect([url, answer.statusCode]).toEqual([url, 200]);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.body).toContain('/ui/assets/signIn-abc.js');
      expect(answer.body).not.toContain('index-abc.js');
      expect(answer.body).toContain('"supportEmail":"help@quizbeam.test"');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-security-policy']).toBe(policyWithSpinner);
    }
  });

  it("gives someone signed in the app's page, whose router takes them on", async () => {
    for (const url of ['/login?next=/quizzes/7', '/forgot-password']) {
      const answer = await open(url, account.cookie);
      expect([url, answer.statusCode]).toEqual([url, 200]);
      expect(answer.body).toContain('/ui/assets/index-abc.js');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it("sends a visitor at the builder's home straight to it, and lets someone signed in in", async () => {
    const visitor = await open('/');
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe('/login');
    const signedIn = await open('/', account.cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('/ui/assets/index-abc.js');
    expect(signedIn.headers['content-security-policy']).toBe(policyWithSpinner);
  });

  it("is the app's page when the build has no sign-in page", async () => {
    const answer = await open('/login', undefined, withoutSignInPage);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('/ui/assets/index-abc.js');
  });
});

describe("the app's page", () => {
  it('allows its own spinner style in its Content-Security-Policy, on every builder route', async () => {
    for (const url of ['/quizzes/12/questions', '/no/such/page', '/reset-password/a/b']) {
      const answer = await open(url);
      expect([url, answer.statusCode]).toEqual([url, 200]);
      expect(answer.body).toContain('/ui/assets/index-abc.js');
      expect(answer.headers['content-security-policy']).toBe(policyWithSpinner);
    }
  });

  it('keeps the plain policy for the API', async () => {
    const answer = await open('/api/me');
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['content-security-policy']).toBe(
      builderContentSecurityPolicy({ imageOrigins: [] }),
    );
  });
});
