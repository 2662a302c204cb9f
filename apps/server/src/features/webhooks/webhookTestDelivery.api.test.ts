import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createWebhookEndpoint,
  leadCreatedPayloadSchema,
  rotateWebhookSecretEndpoint,
  testWebhookEndpoint,
  updateWebhookEndpoint,
} from '@quizbeam/contracts/webhooks';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInAccount, startTestApp, type TestApp } from '../../testing/testApp';
import { WEBHOOK_URL_PRIVATE_TEXT } from './refusePrivateWebhookAddress';

/** A local endpoint that records each request and answers with the status of the path (`/status/500`). */
interface ReceivingEndpoint {
  url: string;
  received: { path: string; headers: IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

async function startReceivingEndpoint(): Promise<ReceivingEndpoint> {
  const received: ReceivingEndpoint['received'] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = Number(/^\/status\/(\d{3})$/.exec(path)?.[1] ?? 200);
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'thanks' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function portNobodyListensOn(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const signatureHeaders = (headers: IncomingHttpHeaders) => ({
  'webhook-id': String(headers['webhook-id']),
  'webhook-timestamp': String(headers['webhook-timestamp']),
  'webhook-signature': String(headers['webhook-signature']),
});

describe('Send test, through the guarded client to a local endpoint allowed by OUTBOUND_ALLOWED_HOSTS', () => {
  let t: TestApp;
  let endpoint: ReceivingEndpoint;
  let account: SignedInAccount;

  beforeAll(async () => {
    endpoint = await startReceivingEndpoint();
    t = await startTestApp({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
    account = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await endpoint?.close();
  });

  async function created(path: string) {
    return (
      await account.send(createWebhookEndpoint, {
        params: { account: account.accountId },
        body: { name: 'Local', url: `${endpoint.url}${path}` },
      })
    ).data();
  }

  const sendTest = async (id: string) =>
    (await account.send(testWebhookEndpoint, { params: { account: account.accountId, id } })).data();

  it('delivers a signed sample lead that verifies with the secret, and with the new one after a rotation', async () => {
    const { webhook, secret } = await created('/in');
    const answered = await sendTest(webhook.id);
    expect(answered).toMatchObject({ delivered: true, statusCode: 200, error: null });
    const first = endpoint.received.at(-1);
    // The answer shows the body that was posted.
    expect(answered.sent).toEqual(JSON.parse(first?.body ?? ''));
    expect(first?.path).toBe('/in');
    expect(first?.headers['content-type']).toBe('application/json');
    const payload = new Webhook(secret).verify(first?.body ?? '', signatureHeaders(first?.headers ?? {}));
    expect(payload).toMatchObject({
      type: 'lead.created',
      data: { email: 'jane.doe@example.com', quizName: 'Test from Quizbeam' },
    });
    // The sample is a lead as the contracts declare it, with an answer of every shape and categories.
    const sample = leadCreatedPayloadSchema.strict().parse(payload);
    expect(new Set(sample.data.answers.map((answer) => answer.type))).toEqual(
      new Set(['single_list', 'image_single_list', 'multi_list', 'rating', 'number_input', 'text_input']),
    );
    expect(sample.data.categories.map((category) => category.name)).toEqual(['Strategy', 'Execution']);

    const params = { account: account.accountId, id: webhook.id };
    const rotated = (await account.send(rotateWebhookSecretEndpoint, { params })).data();
    expect(await sendTest(webhook.id)).toMatchObject({ delivered: true });
    const second = endpoint.received.at(-1);
    expect(() =>
      new Webhook(secret).verify(second?.body ?? '', signatureHeaders(second?.headers ?? {})),
    ).toThrow();
    expect(
      new Webhook(rotated.secret).verify(second?.body ?? '', signatureHeaders(second?.headers ?? {})),
    ).toEqual(JSON.parse(second?.body ?? ''));
  });

  it('reports the status of a refusal, and an endpoint that does not answer', async () => {
    const refused = await created('/status/500');
    expect(await sendTest(refused.webhook.id)).toMatchObject({
      delivered: false,
      statusCode: 500,
      error: 'HTTP 500',
    });
    const params = { account: account.accountId, id: refused.webhook.id };
    const closedPort = await portNobodyListensOn();
    const moved = await account.send(updateWebhookEndpoint, {
      params,
      body: { name: 'Local', url: `http://127.0.0.1:${closedPort}/in` },
    });
    expect(moved.statusCode).toBe(200);
    const result = await sendTest(refused.webhook.id);
    expect(result).toMatchObject({ delivered: false, statusCode: null });
    expect(result.error).toEqual(expect.any(String));
  });
});

describe('private addresses at save time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ OUTBOUND_ALLOWED_HOSTS: 'hooks.internal.test,10.1.2.3:8080' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    'http://127.0.0.1:8080/in',
    'http://10.0.0.7/in',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/in',
    'http://localhost:3000/in',
    'http://10.1.2.3:9090/in',
  ])('refuses %s with a 400', async (url) => {
    const account = await t.signIn();
    const response = await account.send(createWebhookEndpoint, {
      params: { account: account.accountId },
      body: { name: 'Private', url },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'validation_failed',
      error: `Invalid request. body/url: ${WEBHOOK_URL_PRIVATE_TEXT}`,
    });
  });

  it.each(['http://10.1.2.3:8080/in', 'https://hooks.internal.test/in', 'https://8.8.8.8/in'])(
    'accepts %s (allowed or public)',
    async (url) => {
      const account = await t.signIn();
      const response = await account.send(createWebhookEndpoint, {
        params: { account: account.accountId },
        body: { name: 'Allowed', url },
      });
      expect(response.statusCode).toBe(200);
    },
  );
});
