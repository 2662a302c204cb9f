import fastifyCookie from '@fastify/cookie';
import { type Endpoint, pathOf } from '@quizbeam/contracts/endpoint';
import { type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import { createQuizEndpoint, getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import * as webhookEndpoints from '@quizbeam/contracts/webhooks';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhooksEndpoint,
  rotateWebhookSecretEndpoint,
  testWebhookEndpoint,
  updateWebhookEndpoint,
  webhookTestResultSchema,
} from '@quizbeam/contracts/webhooks';
import { webhooks } from '@quizbeam/db/integrationsSchema';
import { liveQuizzes, publishedSnapshots, quizzes } from '@quizbeam/db/schema';
import { addOutcome } from '@quizbeam/quiz-engine/outcomes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';
import { webhookRoutes } from './routes';
import type { WebhookAttempt, WebhookSender } from './sendTestDelivery';

let t: TestApp;
/** What the fake sender was asked to send, and what it answers next. */
const sent: { url: string; secret: string; payload: unknown; idempotencyKey: string }[] = [];
let nextAttempt: WebhookAttempt = { outcome: 'delivered', statusCode: 204, error: null, responseExcerpt: '' };
const fakeSender: WebhookSender = async (target, payload, idempotencyKey) => {
  sent.push({ ...target, payload, idempotencyKey });
  return nextAttempt;
};
const FAKE_SENDER_PREFIX = '/with-fake-sender';

beforeAll(async () => {
  t = await startTestApp();
  // Beside the app's own routes, with the cookie parsing the builder's context has.
  await t.app.register(
    async (scoped) => {
      await scoped.register(fastifyCookie, { secret: t.context.sessionSecret });
      await scoped.register(webhookRoutes(t.context, fakeSender));
    },
    { prefix: FAKE_SENDER_PREFIX },
  );
});
afterAll(async () => {
  await t?.close();
});

const hook = { name: 'CRM', url: 'https://hooks.example.com/quizbeam' };

async function createdWebhook(account: SignedInAccount, body = hook) {
  return (await account.send(createWebhookEndpoint, { params: { account: account.accountId }, body })).data();
}

const storedRow = async (id: string) =>
  (await t.context.db.select().from(webhooks).where(eq(webhooks.id, id)))[0];

async function testThroughFakeSender(account: SignedInAccount, id: string) {
  const response = await account.call(
    'POST',
    `${FAKE_SENDER_PREFIX}${pathOf(testWebhookEndpoint, { account: account.accountId, id })}`,
  );
  expect(response.statusCode).toBe(200);
  return webhookTestResultSchema.parse(response.json());
}

/** A quiz of the account whose saved document is changed by `edit`. */
async function quizWith(account: SignedInAccount, name: string, edit: (quiz: Quiz) => Quiz): Promise<string> {
  const { quizId } = (await account.send(createQuizEndpoint, { body: { name, type: 'general' } })).data();
  const quiz = (await account.send(getQuizEndpoint, { params: { id: quizId } })).data();
  await t.context.db
    .update(quizzes)
    .set({ document: edit(quiz) })
    .where(eq(quizzes.id, quizId));
  return quizId;
}

describe('webhooks API', () => {
  it('adds a webhook, answers its whsec_ secret once and stores it sealed', async () => {
    const account = await t.signIn();
    const { webhook, secret } = await createdWebhook(account, {
      name: '  CRM  ',
      url: ' https://hooks.example.com/quizbeam?x=1 ',
    });
    expect(webhook).toEqual({
      id: expect.any(String),
      name: 'CRM',
      url: 'https://hooks.example.com/quizbeam?x=1',
      createdAt: expect.any(String),
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);

    const row = await storedRow(webhook.id);
    expect(row?.accountId).toBe(account.accountId);
    expect(row?.secretEncrypted).not.toContain(secret.slice('whsec_'.length));
    expect(t.context.secretBox.open(row?.secretEncrypted ?? '')).toBe(secret);

    const list = await account.send(listWebhooksEndpoint, { params: { account: account.accountId } });
    expect(list.data()).toEqual([webhook]);
    expect(list.body).not.toContain(secret);
  });

  it('lists only the account’s webhooks, by name', async () => {
    const account = await t.signIn();
    const other = await t.signIn();
    await createdWebhook(other, { name: 'Theirs', url: 'https://other.example.com/' });
    await createdWebhook(account, { name: 'zapier', url: 'https://b.example.com/' });
    await createdWebhook(account, { name: 'Make', url: 'https://a.example.com/' });
    const list = (
      await account.send(listWebhooksEndpoint, { params: { account: account.accountId } })
    ).data();
    expect(list.map((webhook) => webhook.name)).toEqual(['Make', 'zapier']);
  });

  it.each([
    ['ftp://hooks.example.com/in', webhookEndpoints.WEBHOOK_URL_SCHEME_TEXT],
    ['javascript:alert(1)', webhookEndpoints.WEBHOOK_URL_SCHEME_TEXT],
    ['hooks.example.com/in', webhookEndpoints.WEBHOOK_URL_SCHEME_TEXT],
    ['https://', webhookEndpoints.WEBHOOK_URL_SCHEME_TEXT],
    ['https://user:pass@hooks.example.com/in', webhookEndpoints.WEBHOOK_URL_CREDENTIALS_TEXT],
    ['https://token@hooks.example.com/in', webhookEndpoints.WEBHOOK_URL_CREDENTIALS_TEXT],
    [`https://hooks.example.com/${'a'.repeat(2030)}`, webhookEndpoints.WEBHOOK_URL_TOO_LONG_TEXT],
    ['   ', webhookEndpoints.WEBHOOK_URL_REQUIRED_TEXT],
  ])('refuses the URL %s with a 400 naming the field, storing nothing', async (url, message) => {
    const account = await t.signIn();
    const params = { account: account.accountId };
    const response = await account.send(createWebhookEndpoint, { params, body: { name: 'Hook', url } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      error: `Invalid request. body/url: ${message}`,
    });
    expect((await account.send(listWebhooksEndpoint, { params })).data()).toEqual([]);
  });

  it('accepts a URL of 2,048 characters and refuses an empty name', async () => {
    const account = await t.signIn();
    const params = { account: account.accountId };
    const longest = `https://hooks.example.com/${'a'.repeat(2048 - 'https://hooks.example.com/'.length)}`;
    expect(
      (await account.send(createWebhookEndpoint, { params, body: { name: 'Long', url: longest } }))
        .statusCode,
    ).toBe(200);
    const unnamed = await account.send(createWebhookEndpoint, { params, body: { name: ' ', url: hook.url } });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({
      error: `Invalid request. body/name: ${webhookEndpoints.WEBHOOK_NAME_REQUIRED_TEXT}`,
    });
  });

  it('changes the name and URL, keeping the secret', async () => {
    const account = await t.signIn();
    const { webhook, secret } = await createdWebhook(account);
    const params = { account: account.accountId, id: webhook.id };
    const changed = await account.send(updateWebhookEndpoint, {
      params,
      body: { name: 'Make', url: 'http://make.example.com/in' },
    });
    expect(changed.data()).toEqual({ ...webhook, name: 'Make', url: 'http://make.example.com/in' });
    expect(changed.body).not.toContain('whsec_');
    const row = await storedRow(webhook.id);
    expect(t.context.secretBox.open(row?.secretEncrypted ?? '')).toBe(secret);
    const refused = await account.send(updateWebhookEndpoint, {
      params,
      body: { name: 'Make', url: 'mailto:a@b.c' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await storedRow(webhook.id))?.url).toBe('http://make.example.com/in');
  });

  it('rotates the secret: a new one, answered once, used for the next test delivery', async () => {
    const account = await t.signIn();
    const { webhook, secret } = await createdWebhook(account);
    const params = { account: account.accountId, id: webhook.id };
    const rotated = (await account.send(rotateWebhookSecretEndpoint, { params })).data();
    expect(rotated.webhook).toEqual(webhook);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    const row = await storedRow(webhook.id);
    expect(row?.secretEncrypted).not.toContain(rotated.secret.slice('whsec_'.length));
    expect(t.context.secretBox.open(row?.secretEncrypted ?? '')).toBe(rotated.secret);

    sent.length = 0;
    nextAttempt = { outcome: 'delivered', statusCode: 200, error: null, responseExcerpt: 'ok' };
    expect(await testThroughFakeSender(account, webhook.id)).toMatchObject({
      delivered: true,
      statusCode: 200,
      error: null,
    });
    expect(sent).toEqual([
      {
        url: hook.url,
        secret: rotated.secret,
        payload: expect.objectContaining({
          type: 'lead.created',
          data: expect.objectContaining({ quizName: 'Test from Quizbeam' }),
        }),
        idempotencyKey: expect.stringMatching(/^test-/),
      },
    ]);
  });

  it('says what went wrong when the test delivery is refused or does not arrive', async () => {
    const account = await t.signIn();
    const { webhook } = await createdWebhook(account);
    nextAttempt = { outcome: 'permanent', statusCode: 410, error: null, responseExcerpt: 'gone' };
    expect(await testThroughFakeSender(account, webhook.id)).toMatchObject({
      delivered: false,
      statusCode: 410,
      error: 'The webhook answered with status 410.',
    });
    nextAttempt = {
      outcome: 'retry',
      statusCode: null,
      error: 'The connection timed out.',
      responseExcerpt: null,
    };
    expect(await testThroughFakeSender(account, webhook.id)).toMatchObject({
      delivered: false,
      statusCode: null,
      error: 'The connection timed out.',
    });
  });

  it('deletes a webhook no quiz uses', async () => {
    const account = await t.signIn();
    const { webhook } = await createdWebhook(account);
    const params = { account: account.accountId, id: webhook.id };
    expect((await account.send(deleteWebhookEndpoint, { params })).data()).toEqual({ ok: true });
    expect(await storedRow(webhook.id)).toBeUndefined();
    expect((await account.send(deleteWebhookEndpoint, { params })).statusCode).toBe(404);
  });

  it('refuses (409 in_use) to delete a webhook a quiz, one of its outcomes or a live snapshot uses, naming them', async () => {
    const account = await t.signIn();
    const { webhook } = await createdWebhook(account);
    const unused = await createdWebhook(account, { name: 'Unused', url: 'https://unused.example.com/' });
    const params = { account: account.accountId, id: webhook.id };

    // Saved through the editor's call, as the Capture Form tab will.
    const { quizId } = (
      await account.send(createQuizEndpoint, { body: { name: 'Whole quiz', type: 'general' } })
    ).data();
    const quiz = (await account.send(getQuizEndpoint, { params: { id: quizId } })).data();
    const saved = await account.send(saveQuizEndpoint, {
      params: { id: quizId },
      body: { ...quiz, leadCaptureSettings: { ...quiz.leadCaptureSettings, webhookIds: [webhook.id] } },
    });
    expect(saved.statusCode).toBe(200);
    await quizWith(account, 'Per outcome', (document) => {
      const { quiz: withOutcomes } = addOutcome(addOutcome(document).quiz);
      return {
        ...withOutcomes,
        outcomes: withOutcomes.outcomes.map((outcome, index) =>
          index === 1
            ? {
                ...outcome,
                leadCaptureSettings: { ...outcome.leadCaptureSettings, webhookIds: [webhook.id] },
              }
            : outcome,
        ),
      };
    });
    await quizWith(account, 'Not using it', (document) => document);

    const refused = await account.send(deleteWebhookEndpoint, { params });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'in_use',
      error:
        'This webhook is used by "Per outcome", "Whole quiz". Remove it from their lead capture settings ' +
        '(and republish them) before deleting it.',
      quizzes: ['Per outcome', 'Whole quiz'],
    });
    expect(await storedRow(webhook.id)).toBeDefined();
    const unusedParams = { account: account.accountId, id: unused.webhook.id };
    expect((await account.send(deleteWebhookEndpoint, { params: unusedParams })).statusCode).toBe(200);
  });

  it('refuses to delete a webhook that only the live snapshot still uses', async () => {
    const account = await t.signIn();
    const { webhook } = await createdWebhook(account);
    const quizId = await quizWith(account, 'Live', (document) => document);
    const [row] = await t.context.db.select().from(quizzes).where(eq(quizzes.id, quizId));
    const document = quizSchema.parse(row?.document);
    const published: Quiz = {
      ...document,
      leadCaptureSettings: { ...document.leadCaptureSettings, webhookIds: [webhook.id] },
    };
    const snapshotId = crypto.randomUUID();
    await t.context.db.insert(publishedSnapshots).values({
      id: snapshotId,
      quizId,
      accountId: account.accountId,
      version: 1,
      slug: 'live-hook',
      host: 'quizzes.example.test',
      document: published,
      scripts: { onStartPage: '', onOptIn: '' },
      showPoweredByBadge: true,
    });
    await t.context.db
      .insert(liveQuizzes)
      .values({ quizId, snapshotId, host: 'quizzes.example.test', slug: 'live-hook' });
    const refused = await account.send(deleteWebhookEndpoint, {
      params: { account: account.accountId, id: webhook.id },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'in_use', quizzes: ['Live'] });
  });

  describe('every webhook endpoint', () => {
    const declared = (Object.values(webhookEndpoints) as unknown[]).filter(
      (value): value is Endpoint =>
        typeof value === 'object' && value !== null && 'method' in value && 'access' in value,
    );

    it('declares all six', () => {
      expect(declared).toHaveLength(6);
    });

    it.each(
      declared.map((declaration) => [`${declaration.method} ${declaration.path}`, declaration] as const),
    )('%s answers 401 signed out and 404 for another account’s ids', async (_name, declaration) => {
      const owner = await t.signIn();
      const stranger = await t.signIn();
      const { webhook, secret } = await createdWebhook(owner);
      const ownerPath = pathOf(declaration, { account: owner.accountId, id: webhook.id });
      const signedOut = await t.app.inject({
        method: declaration.method,
        url: ownerPath,
        headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
        ...(declaration.body ? { payload: hook } : {}),
      });
      expect(signedOut.statusCode).toBe(401);

      const body = declaration.body ? { name: 'Taken', url: 'https://attacker.example.com/' } : undefined;
      const attempts = [
        ownerPath,
        ...(declaration.path.includes(':id')
          ? [
              pathOf(declaration, { account: stranger.accountId, id: webhook.id }),
              pathOf(declaration, { account: stranger.accountId, id: 'not-a-uuid' }),
            ]
          : []),
      ];
      for (const path of attempts) {
        const response = await stranger.call(declaration.method, path, body);
        expect([path, response.statusCode]).toEqual([path, 404]);
        expect(response.body).not.toContain(secret);
      }
      const row = await storedRow(webhook.id);
      expect(row).toMatchObject({ name: hook.name, url: hook.url });
      expect(t.context.secretBox.open(row?.secretEncrypted ?? '')).toBe(secret);
    });
  });
});
