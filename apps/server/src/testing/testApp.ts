import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Endpoint, pathOf, type ResponseOf } from '@quizbeam/contracts/endpoint';
import { openTestDatabase, type TestDatabase } from '@quizbeam/db/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { type Config, readConfig } from '../config/env';
import { createMailer } from '../email/mailer';
import type { NewAccount } from '../features/accounts/createAccount';
import { createAccountAndInvite } from '../features/accounts/createAccountAndInvite';
import type { PublishedSite } from '../features/publishedSite/publishedSite';
import type { AppContext } from '../http/appContext';
import { defaultRateLimits, MemoryRateLimiter } from '../security/rateLimiter';
import { createSecretBox } from '../security/secretBox';

export const APP_ORIGIN = 'http://localhost:3000';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A call as the builder makes it: the session cookie, the app Origin, and the JSON content type. */
export type ApiCall = (method: ApiMethod, url: string, payload?: object) => Promise<LightMyRequestResponse>;

/** An answer to a declared endpoint: `data()` is its body parsed with the declaration's response schema. */
export interface EndpointAnswer<E extends Endpoint> {
  statusCode: number;
  headers: LightMyRequestResponse['headers'];
  body: string;
  json(): unknown;
  /** The 2xx body, checked against the response schema (throws on any other status or shape). */
  data(): ResponseOf<E>;
}

/** Calls a declared endpoint as the builder's `call` does: path from `params`, `query`, JSON `body`. */
export type EndpointCall = <E extends Endpoint>(
  declaration: E,
  input?: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown },
) => Promise<EndpointAnswer<E>>;

export interface SignedInAccount {
  accountId: string;
  userId: string;
  email: string;
  cookie: string;
  call: ApiCall;
  /** The typed way: a declaration, and the answer parsed with its schema. */
  send: EndpointCall;
}

/** Sends a declared endpoint through `inject` with the given headers (a session, or none). */
export function endpointCaller(app: FastifyInstance, headers: Record<string, string>): EndpointCall {
  return async (declaration, input = {}) => {
    const query = new URLSearchParams(input.query ?? {}).toString();
    const url = `${pathOf(declaration, input.params)}${query ? `?${query}` : ''}`;
    const response = await app.inject({
      method: declaration.method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      ...(input.body === undefined ? {} : { payload: input.body as object }),
    });
    return {
      statusCode: response.statusCode,
      headers: response.headers,
      body: response.body,
      json: () => response.json(),
      data() {
        if (response.statusCode < 200 || response.statusCode > 299) {
          throw new Error(`${declaration.method} ${url} answered ${response.statusCode}: ${response.body}`);
        }
        const schema = declaration.response;
        if ('kind' in schema) return response.body as ResponseOf<typeof declaration>;
        return schema.parse(response.json()) as ResponseOf<typeof declaration>;
      },
    };
  };
}

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  database: TestDatabase;
  outboxDir: string;
  /** Every .eml in the outbox, oldest first. */
  outbox(): string[];
  /** The outbox once it holds at least `count` emails (emails sent after an answer arrive a moment later). */
  waitForOutbox(count: number): Promise<string[]>;
  createAccount(
    overrides?: Partial<NewAccount>,
  ): Promise<{ accountId: string; userId: string; email: string }>;
  /** A new account, signed in through POST /api/login. */
  signIn(overrides?: Partial<NewAccount>): Promise<SignedInAccount>;
  /** Writes the visitor events the app has buffered, now. */
  flushEvents(): Promise<void>;
  /** The app's published site: its caches, hosts and event writer. */
  publishedSite(): PublishedSite;
  close(): Promise<void>;
}

/** The test app's ENCRYPTION_KEY: a worker process started by a test needs it to open what the app sealed. */
export const TEST_ENCRYPTION_KEY = 'test-encryption-key-that-is-long-enough-0123';

/**
 * The real app on a fresh database (PGlite, or PostgreSQL when DATABASE_URL is set), or on `sharedDatabase`
 * (left open on close: its opener closes it).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Pick<AppContext, 'mailer' | 'rateLimits' | 'limiter' | 'autoresponderClients'>> = {},
  sharedDatabase?: TestDatabase,
): Promise<TestApp> {
  const database = sharedDatabase ?? (await openTestDatabase());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quizbeam-test-'));
  const outboxDir = path.join(dataDir, 'outbox');
  const config: Config = readConfig({ DATA_DIR: dataDir, SUPPORT_EMAIL: 'help@quizbeam.test', ...env });
  const context: AppContext = {
    config,
    db: database.db,
    sessionSecret: 'test-secret-that-is-long-enough-0123456789',
    secretBox: createSecretBox(TEST_ENCRYPTION_KEY),
    limiter: new MemoryRateLimiter(),
    // Small enough to exceed in a test; other tests send from 127.0.0.1 and stay far below it.
    rateLimits: { ...defaultRateLimits, loginPerIp: { max: 40, windowMs: 15 * 60 * 1000 } },
    mailer: createMailer({
      smtpUrl: undefined,
      outboxDir,
      from: 'Quizbeam <help@quizbeam.test>',
      log: () => {},
    }),
    ...overrides,
  };
  let site: PublishedSite | undefined;
  const app = await buildApp(context, {
    builderDist: path.join(dataDir, 'no-builder'),
    onPublishedSite: (created) => {
      site = created;
    },
  });
  let counter = 0;
  async function createAccount(overrides: Partial<NewAccount> = {}) {
    counter += 1;
    const email = overrides.email ?? `user${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const created = await createAccountAndInvite(context, {
      name: `Account ${counter}`,
      password: 'correct horse',
      ...overrides,
      email,
    });
    return { ...created, email };
  }
  const outbox = () => {
    try {
      return readdirSync(outboxDir)
        .filter((file) => file.endsWith('.eml'))
        .sort()
        .map((file) => readFileSync(path.join(outboxDir, file), 'utf8'));
    } catch {
      return [];
    }
  };
  return {
    app,
    context,
    database,
    outboxDir,
    outbox,
    async waitForOutbox(count) {
      for (const started = Date.now(); Date.now() - started < 10_000; ) {
        const mails = outbox();
        if (mails.length >= count) return mails;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`the outbox did not reach ${count} emails`);
    },
    createAccount,
    async flushEvents() {
      await site?.events.flush();
    },
    publishedSite() {
      if (!site) throw new Error('the app made no published site');
      return site;
    },
    async signIn(overrides = {}) {
      const account = await createAccount(overrides);
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { origin: APP_ORIGIN },
        payload: { email: account.email, password: 'correct horse' },
      });
      const cookie = sessionCookieFrom(login);
      // Like the builder: every call says it carries JSON, even a DELETE without a body.
      const call: ApiCall = (method, url, payload) => {
        const headers = { cookie, origin: APP_ORIGIN, 'content-type': 'application/json' };
        return payload ? app.inject({ method, url, headers, payload }) : app.inject({ method, url, headers });
      };
      const send = endpointCaller(app, { cookie, origin: APP_ORIGIN });
      return { ...account, cookie, call, send };
    },
    async close() {
      await app.close();
      if (!sharedDatabase) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two apps on one fresh PostgreSQL database, as two server processes of a scale-out deployment: each with
 * its own caches, both told DATABASE_URL, so each announces its published-site changes and hears the
 * other's. PostgreSQL only (DATABASE_URL set): PGlite is one process.
 */
export async function startTestAppPair(
  env: Record<string, string> = {},
): Promise<{ first: TestApp; second: TestApp; close(): Promise<void> }> {
  const database = await openTestDatabase();
  if (!database.url) {
    await database.close();
    throw new Error('two apps on one database need PostgreSQL: set DATABASE_URL');
  }
  const withDatabase = { ...env, DATABASE_URL: database.url };
  const first = await startTestApp(withDatabase, {}, database);
  const second = await startTestApp(withDatabase, {}, database);
  return {
    first,
    second,
    async close() {
      await second.close();
      await first.close();
      await database.close();
    },
  };
}

/** The session cookie a response set, ready to send back as a Cookie header. */
export function sessionCookieFrom(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : [header];
  const session = cookies.find(
    (cookie): cookie is string => typeof cookie === 'string' && cookie.includes('_session='),
  );
  if (!session) throw new Error('no session cookie was set');
  return session.split(';')[0] ?? '';
}

/** The first link to the builder in a stored email (quoted-printable soft breaks undone). */
export function linkIn(
  eml: string,
  kind: 'reset-password' | 'set-password',
): { userId: string; code: string } {
  const unfolded = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = unfolded.match(new RegExp(`/${kind}/([0-9a-f-]{36})/([A-Za-z0-9_-]+)`));
  if (!match?.[1] || !match[2]) throw new Error(`no ${kind} link in the email`);
  return { userId: match[1], code: match[2] };
}

/** The raw session token inside a signed `name=token.signature` cookie. */
export function tokenOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  return value.slice(0, value.lastIndexOf('.'));
}
