import { createHash } from 'node:crypto';
import {
  createZapierHookEndpoint,
  deleteZapierHookEndpoint,
  getZapierApiKeyEndpoint,
  MAX_ZAPIER_HOOKS,
  regenerateZapierApiKeyEndpoint,
  ZAPIER_TOO_MANY_HOOKS_TEXT,
  zapierLeadSchema,
  zapierLeadsEndpoint,
  zapierMeEndpoint,
  zapierQuizzesEndpoint,
} from '@quizbeam/contracts/zapier';
import { zapierApiKeys, zapierHooks } from '@quizbeam/db/integrationsSchema';
import { accounts } from '@quizbeam/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../security/rateLimiter';
import { deliveriesOfLead, publishCaptureQuiz } from '../../testing/deliveries';
import { PUBLISH_ORIGIN } from '../../testing/publishing';
import {
  APP_ORIGIN,
  endpointCaller,
  type SignedInAccount,
  startTestApp,
  type TestApp,
} from '../../testing/testApp';
import { WEBHOOK_URL_PRIVATE_TEXT } from '../webhooks/refusePrivateWebhookAddress';
import { MISSING_API_KEY_TEXT, WRONG_API_KEY_TEXT } from './apiKeyCaller';

const ZAP_URL = 'https://hooks.zapier.com/hooks/standard/1234/abcd/';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(
    { APP_URL: APP_ORIGIN, PUBLISH_URL: PUBLISH_ORIGIN, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
    { rateLimits: { ...defaultRateLimits, leadsPerIp: { max: 1000, windowMs: 10_000 } } },
  );
});
afterAll(async () => {
  await t.close();
});

async function keyOf(account: SignedInAccount): Promise<string> {
  return (await account.send(getZapierApiKeyEndpoint, { params: { account: account.accountId } })).data()
    .apiKey;
}

/** Calls the Zapier-facing API as the Zapier app does: the key in X-API-Key, no session. */
const zapier = (key?: string) => endpointCaller(t.app, key === undefined ? {} : { 'x-api-key': key });

describe('the Zapier API key', () => {
  it('is made on the first call, shown again after, and stored sealed and hashed', async () => {
    const account = await t.signIn();
    const key = await keyOf(account);
    expect(key).toMatch(/^qbz_[A-Za-z0-9_-]{43}$/);
    expect(await keyOf(account)).toBe(key);
    const [stored] = await t.database.db
      .select()
      .from(zapierApiKeys)
      .where(eq(zapierApiKeys.accountId, account.accountId));
    expect(stored?.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(stored?.keyEncrypted).not.toContain(key.slice(4));
    expect(t.context.secretBox.open(stored?.keyEncrypted ?? '')).toBe(key);
  });

  it('regenerates: the old key stops working, the new one works', async () => {
    const account = await t.signIn({ name: 'Acme Quizzes' });
    const oldKey = await keyOf(account);
    expect((await zapier(oldKey)(zapierMeEndpoint)).statusCode).toBe(200);
    const regenerated = await account.send(regenerateZapierApiKeyEndpoint, {
      params: { account: account.accountId },
    });
    const newKey = regenerated.data().apiKey;
    expect(newKey).not.toBe(oldKey);
    expect(await keyOf(account)).toBe(newKey);
    const refused = await zapier(oldKey)(zapierMeEndpoint);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: WRONG_API_KEY_TEXT, code: 'unauthenticated' });
    expect((await zapier(newKey)(zapierMeEndpoint)).data()).toEqual({
      id: account.accountId,
      name: 'Acme Quizzes',
      email: account.email,
    });
  });

  it('answers at the path with a trailing slash as without it: 200 for the owner, 401 signed out, 404 to others', async () => {
    const owner = await t.signIn();
    const stranger = await t.signIn();
    const key = await keyOf(owner);
    for (const url of [
      `/accounts/${owner.accountId}/zapier/api-key/`,
      `/accounts/${owner.accountId}/zapier/api-key`,
    ]) {
      const mine = await owner.call('GET', url);
      expect([url, mine.statusCode, mine.json()]).toEqual([url, 200, { apiKey: key }]);
      const signedOut = await t.app.inject({ method: 'GET', url, headers: { origin: APP_ORIGIN } });
      expect([url, signedOut.statusCode, signedOut.json()]).toMatchObject([
        url,
        401,
        { code: 'unauthenticated' },
      ]);
      const theirs = await stranger.call('GET', url);
      expect([url, theirs.statusCode, theirs.json()]).toMatchObject([url, 404, { code: 'not_found' }]);
    }
  });

  it('does not exist for limited accounts, and a key stops working when its account becomes limited', async () => {
    const limited = await t.signIn({ isLimited: true });
    const params = { account: limited.accountId };
    expect((await limited.send(getZapierApiKeyEndpoint, { params })).statusCode).toBe(404);
    expect((await limited.send(regenerateZapierApiKeyEndpoint, { params })).statusCode).toBe(404);

    const later = await t.signIn();
    const key = await keyOf(later);
    await t.database.db.update(accounts).set({ isLimited: true }).where(eq(accounts.id, later.accountId));
    expect((await zapier(key)(zapierMeEndpoint)).statusCode).toBe(401);
  });

  it('stops working while its account is disabled, and works again once it is enabled', async () => {
    const owner = await t.signIn();
    const key = await keyOf(owner);
    const setDisabled = (disabledAt: Date | null) =>
      t.database.db.update(accounts).set({ disabledAt }).where(eq(accounts.id, owner.accountId));
    await setDisabled(new Date());
    expect((await zapier(key)(zapierMeEndpoint)).statusCode).toBe(401);
    await setDisabled(null);
    expect((await zapier(key)(zapierMeEndpoint)).statusCode).toBe(200);
  });

  it('is required by every Zapier-facing call: 401 without it or with a wrong one, saying which', async () => {
    const declarations = [zapierMeEndpoint, zapierQuizzesEndpoint, zapierLeadsEndpoint];
    for (const declaration of declarations) {
      const missing = await zapier()(declaration);
      expect([declaration.path, missing.statusCode, missing.json()]).toEqual([
        declaration.path,
        401,
        { error: MISSING_API_KEY_TEXT, code: 'unauthenticated' },
      ]);
      const wrong = await zapier(`qbz_${'A'.repeat(43)}`)(declaration);
      expect([declaration.path, wrong.statusCode, wrong.json()]).toEqual([
        declaration.path,
        401,
        { error: WRONG_API_KEY_TEXT, code: 'unauthenticated' },
      ]);
    }
    const create = await zapier('nope')(createZapierHookEndpoint, { body: { targetUrl: ZAP_URL } });
    expect(create.statusCode).toBe(401);
    const remove = await zapier()(deleteZapierHookEndpoint, { params: { id: crypto.randomUUID() } });
    expect(remove.statusCode).toBe(401);
  });
});

describe('the Zapier-facing API', () => {
  let owner: SignedInAccount;
  let stranger: SignedInAccount;
  let ownerKey: string;
  let strangerKey: string;
  let quizA: Awaited<ReturnType<typeof publishCaptureQuiz>>;
  let quizB: Awaited<ReturnType<typeof publishCaptureQuiz>>;
  let strangerQuiz: Awaited<ReturnType<typeof publishCaptureQuiz>>;
  beforeAll(async () => {
    owner = await t.signIn();
    stranger = await t.signIn();
    ownerKey = await keyOf(owner);
    strangerKey = await keyOf(stranger);
    quizA = await publishCaptureQuiz(t, owner, {});
    quizB = await publishCaptureQuiz(t, owner, {});
    strangerQuiz = await publishCaptureQuiz(t, stranger, {});
  });

  it("lists the account's quizzes only", async () => {
    const quizzes = (await zapier(ownerKey)(zapierQuizzesEndpoint)).data();
    expect(quizzes.map((quiz) => quiz.id).sort()).toEqual([quizA.quiz.id, quizB.quiz.id].sort());
    expect(quizzes[0]?.name).toBe('Team quiz');
  });

  it('subscribes and unsubscribes hooks; another account’s quiz or hook is a 404', async () => {
    const all = await zapier(ownerKey)(createZapierHookEndpoint, { body: { targetUrl: ZAP_URL } });
    expect(all.statusCode).toBe(201);
    const oneQuiz = await zapier(ownerKey)(createZapierHookEndpoint, {
      body: { targetUrl: `${ZAP_URL}2`, quizId: quizA.quiz.id },
    });
    expect(oneQuiz.statusCode).toBe(201);
    const stored = await t.database.db
      .select()
      .from(zapierHooks)
      .where(eq(zapierHooks.accountId, owner.accountId));
    expect(stored.map(({ id, quizId, targetUrl }) => ({ id, quizId, targetUrl })).sort(byTarget)).toEqual([
      { id: all.data().id, quizId: null, targetUrl: ZAP_URL },
      { id: oneQuiz.data().id, quizId: quizA.quiz.id, targetUrl: `${ZAP_URL}2` },
    ]);

    const foreignQuiz = await zapier(ownerKey)(createZapierHookEndpoint, {
      body: { targetUrl: ZAP_URL, quizId: strangerQuiz.quiz.id },
    });
    expect(foreignQuiz.statusCode).toBe(404);
    const foreignHook = await zapier(strangerKey)(deleteZapierHookEndpoint, {
      params: { id: all.data().id },
    });
    expect(foreignHook.statusCode).toBe(404);

    for (const { id } of [all.data(), oneQuiz.data()]) {
      const removed = await zapier(ownerKey)(deleteZapierHookEndpoint, { params: { id } });
      expect(removed.data()).toEqual({ ok: true });
    }
    const again = await zapier(ownerKey)(deleteZapierHookEndpoint, { params: { id: all.data().id } });
    expect(again.statusCode).toBe(404);
    expect(
      await t.database.db.select().from(zapierHooks).where(eq(zapierHooks.accountId, owner.accountId)),
    ).toEqual([]);
  });

  it('refuses target URLs that are not web addresses or are private', async () => {
    const notUrl = await zapier(ownerKey)(createZapierHookEndpoint, { body: { targetUrl: 'ftp://x' } });
    expect(notUrl.statusCode).toBe(400);
    const local = await zapier(ownerKey)(createZapierHookEndpoint, {
      body: { targetUrl: 'http://localhost:9/hook' },
    });
    expect(local.statusCode).toBe(400);
    expect((local.json() as { error: string }).error).toContain(WEBHOOK_URL_PRIVATE_TEXT);
  });

  it(`holds at most ${MAX_ZAPIER_HOOKS} hooks per account`, async () => {
    const crowded = await t.signIn();
    const key = await keyOf(crowded);
    await t.database.db.insert(zapierHooks).values(
      Array.from({ length: MAX_ZAPIER_HOOKS }, (_, index) => ({
        id: crypto.randomUUID(),
        accountId: crowded.accountId,
        targetUrl: `${ZAP_URL}${index}`,
      })),
    );
    const refused = await zapier(key)(createZapierHookEndpoint, { body: { targetUrl: ZAP_URL } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: ZAPIER_TOO_MANY_HOOKS_TEXT, code: 'quota_exceeded' });
  });

  it('lists the latest leads newest first, of one quiz or all, never another account’s', async () => {
    const first = await quizA.postLead('first@example.com');
    const second = await quizB.postLead('second@example.com');
    const third = await quizA.postLead('third@example.com');
    await strangerQuiz.postLead('elsewhere@example.com');

    const all = (await zapier(ownerKey)(zapierLeadsEndpoint)).data();
    expect(all.map((lead) => lead.id).slice(0, 3)).toEqual([third, second, first]);
    expect(all.map((lead) => lead.email)).not.toContain('elsewhere@example.com');
    const newest = zapierLeadSchema.strict().parse(all[0]);
    expect(newest).toMatchObject({
      id: third,
      quizId: quizA.quiz.id,
      quizName: 'Team quiz',
      email: 'third@example.com',
      name: 'Ada Lovelace',
      utmSource: null,
    });
    expect(newest.outcome).toMatch(/^Result \d: \d+$/);

    const ofQuizA = (
      await zapier(ownerKey)(zapierLeadsEndpoint, { query: { quizId: quizA.quiz.id } })
    ).data();
    expect(ofQuizA.map((lead) => lead.id).slice(0, 2)).toEqual([third, first]);
    expect(ofQuizA.every((lead) => lead.quizId === quizA.quiz.id)).toBe(true);
    const foreign = await zapier(ownerKey)(zapierLeadsEndpoint, { query: { quizId: strangerQuiz.quiz.id } });
    expect(foreign.statusCode).toBe(404);
    const unknown = await zapier(ownerKey)(zapierLeadsEndpoint, { query: { quizId: crypto.randomUUID() } });
    expect(unknown.statusCode).toBe(404);
  });

  it("writes one 'zapier' delivery per matching hook with the lead: all quizzes, or this quiz", async () => {
    const hookFor = async (key: string, quizId?: string) =>
      (await zapier(key)(createZapierHookEndpoint, { body: { targetUrl: ZAP_URL, quizId } })).data().id;
    const everyQuiz = await hookFor(ownerKey);
    const onlyA = await hookFor(ownerKey, quizA.quiz.id);
    await hookFor(ownerKey, quizB.quiz.id);
    await hookFor(strangerKey);

    const leadId = await quizA.postLead('hooked@example.com');
    const deliveries = await deliveriesOfLead(t, leadId);
    expect(
      deliveries
        .map((delivery) => ({
          type: delivery.destinationType,
          key: delivery.destinationKey,
          name: delivery.destinationName,
          destination: delivery.destination,
          idempotencyKey: delivery.idempotencyKey,
        }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    ).toEqual(
      [everyQuiz, onlyA]
        .map((hookId) => ({
          type: 'zapier',
          key: `zapier:${hookId}`,
          name: 'Zapier',
          destination: { hookId },
          idempotencyKey: `${leadId}:zapier:${hookId}`,
        }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    );
    const leadOfB = await quizB.postLead('other-quiz@example.com');
    expect((await deliveriesOfLead(t, leadOfB)).map((delivery) => delivery.destinationKey)).not.toContain(
      `zapier:${onlyA}`,
    );
    await t.database.db.delete(zapierHooks).where(eq(zapierHooks.accountId, owner.accountId));
  });
});

const byTarget = (a: { targetUrl: string }, b: { targetUrl: string }) =>
  a.targetUrl.localeCompare(b.targetUrl);
