import fastifyCookie from '@fastify/cookie';
import { accountParam, endpoint, idParam } from '@quizbeam/contracts/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../testing/testApp';
import { registerEndpoint } from './registerEndpoint';

/** Test-only declarations, one per rule the registration enforces. */
const echoEndpoint = endpoint({
  method: 'POST',
  path: '/test-endpoints/accounts/:account/things/:id',
  access: 'user',
  summary: 'Echo',
  params: z.object({ account: accountParam, id: idParam }),
  query: z.object({ sort: z.enum(['name', 'date']).optional() }),
  body: z.object({ title: z.string().min(1) }),
  response: z.object({ id: z.string(), title: z.string(), sort: z.string(), by: z.string() }),
});
const adminEndpoint = endpoint({
  method: 'GET',
  path: '/test-endpoints/admin-only',
  access: 'admin',
  summary: 'Admins only',
  response: z.object({ ok: z.literal(true) }),
});
const brokenEndpoint = endpoint({
  method: 'GET',
  path: '/test-endpoints/broken',
  access: 'public',
  summary: 'Answers what its schema does not allow',
  response: z.object({ count: z.number() }),
});

let t: TestApp;
let user: SignedInAccount;
let admin: SignedInAccount;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.register(async (scoped) => {
    await scoped.register(fastifyCookie, { secret: t.context.sessionSecret });
    registerEndpoint(scoped, t.context, echoEndpoint, async ({ params, query, body, me }) => ({
      id: params.id,
      title: body.title,
      sort: query.sort ?? 'none',
      by: me.email,
    }));
    registerEndpoint(scoped, t.context, adminEndpoint, async () => ({ ok: true as const }));
    registerEndpoint(scoped, t.context, brokenEndpoint, async () => ({ count: 'many' }) as never);
  });
  user = await t.signIn();
  admin = await t.signIn({ isAdmin: true });
});
afterAll(async () => {
  await t.close();
});

const thing = '3f7c2a8e-8d1a-4c55-9b0e-2f4b6e1d9a10';
const echo = (who: SignedInAccount | null, account: string, id: string, payload: object, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/test-endpoints/accounts/${account}/things/${id}${query}`,
    headers: {
      origin: APP_ORIGIN,
      'content-type': 'application/json',
      ...(who ? { cookie: who.cookie } : {}),
    },
    payload,
  });

describe('registerEndpoint', () => {
  it('hands the handler the checked params, query, body and user, and answers with the response schema', async () => {
    const response = await echo(user, user.accountId, thing, { title: 'Hello' }, '?sort=name');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: thing, title: 'Hello', sort: 'name', by: user.email });
  });

  it('checks, in order: the session (401), the account in the path (404), malformed ids (404), then query and body (400)', async () => {
    // Everything wrong at once: the session is what is reported.
    expect((await echo(null, 'someone-else', 'not-a-uuid', { title: '' }, '?sort=size')).statusCode).toBe(
      401,
    );
    // Signed in, another account's path: 404 before the id or body are looked at.
    expect((await echo(user, admin.accountId, 'not-a-uuid', { title: '' })).statusCode).toBe(404);
    // Own account, malformed id: 404, though the body is invalid too.
    expect((await echo(user, user.accountId, 'not-a-uuid', { title: '' })).statusCode).toBe(404);
    const badQuery = await echo(user, user.accountId, thing, { title: 'Hello' }, '?sort=size');
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().error).toContain('querystring');
    const badBody = await echo(user, user.accountId, thing, { title: '' });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().error).toContain('body/title');
  });

  it('answers 404, not 403, to a signed-in user on an admin-only endpoint', async () => {
    expect(
      (await t.app.inject({ url: '/test-endpoints/admin-only', headers: { cookie: user.cookie } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: '/test-endpoints/admin-only', headers: { cookie: admin.cookie } }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/test-endpoints/admin-only' })).statusCode).toBe(401);
  });

  it('refuses to send an answer that breaks its response schema', async () => {
    const response = await t.app.inject({ url: '/test-endpoints/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('many');
  });
});
