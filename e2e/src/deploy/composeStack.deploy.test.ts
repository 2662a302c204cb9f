import { randomBytes } from 'node:crypto';
import type { LeadCaptureSettings, Quiz } from '@quizbeam/contracts/quiz';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../../../apps/server/src/testing/dnsServer';
import { startWebhookReceiver, type WebhookReceiver } from '../scaleOut/webhookReceiver';
import { freePort } from '../serverProcess';
import { type ComposeStack, createComposeStack } from './composeStack';
import { freeUdpPort, type HostRelay, relayTcp, relayUdp } from './hostRelay';
import { imageExists, podman } from './podman';
import { buildQuizbeamImage, cleanClone, QUIZBEAM_IMAGE } from './quizbeamImage';
import { ensureServiceImages } from './serviceImages';
import { type HttpsTarget, okJson, type SignedInOwner, sendHttps, signIn } from './stackHttps';

/*
 * compose.yaml brought up whole by podman-compose with the images made on this machine: PostgreSQL, the
 * server (WORKER=off), the worker profile and Caddy with the real deploy/Caddyfile, its certificates from
 * Caddy's own CA (local_certs) and on demand for customer domains. Everything goes through Caddy over
 * HTTPS, as a browser's requests would; then the whole stack is taken down and brought up again.
 */

const PROJECT = 'quizbeam-stack-test';
const APP_HOST = 'app.stack-test.test';
const PUBLISH_HOST = 'quizzes.stack-test.test';
const CUSTOM_DOMAIN = 'quiz.customer-stack.test';
const STRANGER = 'stranger.example.net';
/** The publish host's public address, as far as the test's DNS server tells: the custom domain's A record. */
const PUBLISH_IP = '203.0.113.77';
const EMAIL = 'owner@stack-test.test';
const PASSWORD = 'stack-test-secret';
const CADDY_ROOT = '/data/caddy/pki/authorities/local/root.crt';
const CLI = ['node', 'apps/server/dist/cli.js'];

/**
 * Quizbeam's image from a clean clone, as an operator builds it. QUIZBEAM_DEPLOY_REUSE_IMAGE=1 takes the one
 * already built instead (an earlier deploy test's), to iterate on this test without minutes of build.
 */
async function ensureQuizbeamImage(): Promise<void> {
  if (process.env.QUIZBEAM_DEPLOY_REUSE_IMAGE === '1' && (await imageExists(QUIZBEAM_IMAGE))) {
    console.log(`Reusing ${QUIZBEAM_IMAGE} (QUIZBEAM_DEPLOY_REUSE_IMAGE=1)`);
    return;
  }
  const clone = cleanClone();
  try {
    await buildQuizbeamImage(clone.dir);
  } finally {
    clone.remove();
  }
}

const secret = () => randomBytes(24).toString('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface StoredLead {
  id: string;
  email: string;
  deliveryStatus: string;
}

describe('the compose stack, brought up whole by podman-compose', () => {
  let stack: ComposeStack;
  let dns: TestDnsServer;
  let receiver: WebhookReceiver;
  let dnsRelay: HostRelay | undefined;
  let webhookRelay: HostRelay | undefined;
  let httpsPort: number;
  let ca = '';
  let owner: SignedInOwner;
  let leadQuiz: Quiz;
  let domainQuiz: Quiz;
  let upload: { url: string; bytes: Buffer };

  const on = (host: string): HttpsTarget => ({ port: httpsPort, host, ca });
  const caddyRoot = async () =>
    (await podman(['exec', stack.container('caddy'), 'cat', CADDY_ROOT], { timeoutMs: 30_000 })).stdout;
  const leadsOf = async (quiz: Quiz): Promise<StoredLead[]> => {
    const printed = await stack.exec('quizbeam', [...CLI, 'leads:list', '--quiz', quiz.id]);
    return printed
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as StoredLead);
  };
  const pageOf = (host: string, quiz: Quiz) => sendHttps(on(host), 'GET', `/${quiz.publishedId}`);

  /** A new quiz of one question, published through the builder's API with its lead capture and domain as given. */
  const publishQuiz = async (
    title: string,
    settings: { capture?: Partial<LeadCaptureSettings>; domain?: string },
  ): Promise<Quiz> => {
    const { quizId } = okJson<{ quizId: string }>(
      await owner.call('POST', '/api/quizzes', { name: title, type: 'general' }),
      'create a quiz',
    );
    const stored = okJson<Quiz>(await owner.call('GET', `/api/quizzes/${quizId}`), 'read the quiz');
    const { quiz } = buildQuiz({
      type: 'general',
      questions: [{ text: 'Which harbour do you sail from?', answers: [{ text: 'Kiel', outcome: 0 }] }],
      outcomes: ['Skipper'],
    });
    const draft: Quiz = {
      ...quiz,
      id: stored.id,
      name: stored.name,
      revision: stored.revision,
      publishedId: stored.publishedId,
      title,
      startPage: { enabled: false },
      leadCaptureSettings: { ...quiz.leadCaptureSettings, ...settings.capture },
      ...(settings.domain === undefined ? {} : { domain: settings.domain }),
    };
    return okJson<Quiz>(
      await owner.call('POST', `/accounts/${owner.accountId}/quizzes/${quizId}/publish`, draft),
      'publish',
    );
  };

  beforeAll(async () => {
    await ensureServiceImages();
    await ensureQuizbeamImage();
    dns = await startTestDnsServer({ [CUSTOM_DOMAIN]: { a: [PUBLISH_IP] } });
    receiver = await startWebhookReceiver(0);
    webhookRelay = await relayTcp(Number(new URL(receiver.url).port));
    stack = await createComposeStack(PROJECT);
    const dnsPort = await freeUdpPort();
    httpsPort = await freePort();
    const gateway = stack.backendGateway;
    stack.writeEnv({
      APP_HOST,
      PUBLISH_HOST,
      POSTGRES_PASSWORD: secret(),
      SESSION_SECRET: secret(),
      ENCRYPTION_KEY: secret(),
      PUBLISH_IPS: PUBLISH_IP,
      WORKER: 'off',
      COMPOSE_PROFILES: 'worker',
      CADDY_GLOBAL_OPTIONS: 'local_certs',
      HTTP_PORT: `127.0.0.1:${await freePort()}`,
      HTTPS_PORT: `127.0.0.1:${httpsPort}`,
      TEST_DNS_SERVER: `${gateway}:${dnsPort}`,
      TEST_WEBHOOK_HOST: `${gateway}:${webhookRelay.port}`,
    });
    await stack.up();
    // The gateway's address exists once a container is on the network.
    dnsRelay = await relayUdp(Number(dns.address.split(':')[1]), { address: gateway, port: dnsPort });
    // Caddy makes its CA when it first needs a certificate, just after it starts.
    const deadline = Date.now() + 30_000;
    while (!ca.includes('BEGIN CERTIFICATE')) {
      if (Date.now() > deadline) throw new Error(`Caddy made no CA in 30 s:\n${await stack.logs('caddy')}`);
      await sleep(500);
      ca = await caddyRoot().catch(() => '');
    }
  }, 3_600_000);

  afterAll(async () => {
    await stack?.destroy();
    await dnsRelay?.close();
    await webhookRelay?.close();
    await receiver?.close();
    await dns?.close();
  }, 300_000);

  it('creates an account with the CLI in the container, and signs in on the app host over HTTPS', async () => {
    const printed = await stack.exec('quizbeam', [
      ...CLI,
      'account:create',
      '--email',
      EMAIL,
      '--name',
      'Stack Test',
      '--password',
      PASSWORD,
    ]);
    expect(printed).toMatch(/[0-9a-f-]{36}/);
    owner = await signIn(on(APP_HOST), EMAIL, PASSWORD);
    const login = await sendHttps(on(APP_HOST), 'GET', '/login');
    expect(login.status).toBe(200);
    expect(login.issuer).toMatch(/^Caddy Local Authority/);
  });

  it('stores an uploaded image through Caddy and serves it', async () => {
    const bytes = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    const created = okJson<{
      preSignedUrl: string;
      s3Key: string;
      url: string;
      uploadHeaders: Record<string, string>;
    }>(
      await owner.call('POST', `/accounts/${owner.accountId}/image/create`, {
        filename: 'harbour.png',
        size: bytes.length,
      }),
      'image/create',
    );
    const put = new URL(created.preSignedUrl);
    expect(put.hostname).toBe(APP_HOST);
    const stored = await sendHttps(on(put.hostname), 'PUT', `${put.pathname}${put.search}`, {
      headers: { ...created.uploadHeaders, origin: `https://${APP_HOST}` },
      body: bytes,
    });
    expect(stored.status, stored.text).toBe(200);
    const completed = okJson<{ width: number; variants: { width: number }[] }>(
      await owner.call('POST', `/accounts/${owner.accountId}/image/complete`, { s3Key: created.s3Key }),
      'image/complete',
    );
    expect(completed.width).toBe(800);
    expect(completed.variants.map((variant) => variant.width)).toContain(640);
    upload = { url: created.url, bytes };
    const served = new URL(upload.url);
    const answer = await sendHttps(on(served.hostname), 'GET', served.pathname);
    expect(answer.status).toBe(200);
    expect(answer.body.equals(bytes)).toBe(true);
  });

  it('takes a quiz on the publish host over HTTPS, and the worker, not the server, delivers its lead', async () => {
    const webhook = okJson<{ webhook: { id: string } }>(
      await owner.call('POST', `/accounts/${owner.accountId}/webhooks`, {
        name: 'Lead inbox',
        url: `http://${stack.backendGateway}:${webhookRelay?.port}/quizbeam-leads`,
      }),
      'create a webhook',
    ).webhook;
    leadQuiz = await publishQuiz('Sailing stack quiz', {
      capture: { enabled: true, webhookIds: [webhook.id] },
    });
    const page = await pageOf(PUBLISH_HOST, leadQuiz);
    expect(page.status).toBe(200);
    expect(page.issuer).toMatch(/^Caddy Local Authority/);
    const snapshotId = /"snapshotId":"([0-9a-f-]{36})"/.exec(page.text)?.[1];
    expect(snapshotId, page.text.slice(0, 500)).toBeDefined();

    // With the worker stopped nothing is delivered: the server runs with WORKER=off.
    await podman(['stop', '--time', '15', stack.container('worker')]);
    const visitId = 'stack-test-visit-000001';
    const answers = leadQuiz.questions.map((question) => ({
      questionId: question.id,
      answerId: question.answers[0]?.id ?? 0,
    }));
    const visitor = { origin: `https://${PUBLISH_HOST}`, 'content-type': 'application/json' };
    const events = await sendHttps(on(PUBLISH_HOST), 'POST', '/_q/events', {
      headers: visitor,
      body: JSON.stringify({
        snapshotId,
        visitId,
        events: [
          { type: 'visit' },
          { type: 'start' },
          ...answers.flatMap(({ questionId, answerId }) => [
            { type: 'shown', questionId },
            { type: 'answer', questionId, answerId },
          ]),
          { type: 'capture' },
        ],
      }),
    });
    expect(events.status, events.text).toBeLessThan(300);
    const lead = await sendHttps(on(PUBLISH_HOST), 'POST', '/_q/leads', {
      headers: visitor,
      body: JSON.stringify({
        snapshotId,
        visitId,
        answers,
        email: 'visitor@stack-test.test',
        name: 'Grace Hopper',
        consent: true,
        pageUrl: `https://${PUBLISH_HOST}/${leadQuiz.publishedId}`,
      }),
    });
    expect(lead.status, lead.text).toBe(200);
    await sleep(3_000);
    expect(receiver.received).toEqual([]);
    expect((await leadsOf(leadQuiz)).map((stored) => stored.email)).toEqual(['visitor@stack-test.test']);

    await podman(['start', stack.container('worker')]);
    await expect
      .poll(() => receiver.received.map((received) => received.email), { timeout: 60_000, interval: 500 })
      .toEqual(['visitor@stack-test.test']);
  });

  it('gets a certificate on demand for a connected custom domain and refuses one for an unknown domain', async () => {
    const added = await owner.call('POST', '/api/domain', { host: CUSTOM_DOMAIN });
    expect(added.status, added.text).toBe(200);
    domainQuiz = await publishQuiz('Harbour on our own domain', { domain: CUSTOM_DOMAIN });
    expect(domainQuiz.publishedHost).toBe(CUSTOM_DOMAIN);
    const page = await pageOf(CUSTOM_DOMAIN, domainQuiz);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Harbour on our own domain');
    expect(page.issuer).toMatch(/^Caddy Local Authority/);
    // tls-ask says no: Caddy makes no certificate and the handshake fails.
    await expect(sendHttps(on(STRANGER), 'GET', '/')).rejects.toThrow();
  });

  it('keeps every quiz, lead, upload and certificate through a down and up of the whole stack', async () => {
    await stack.down();
    await stack.up();
    expect(await caddyRoot()).toBe(ca);

    const quizzes = okJson<{ id: string }[]>(await owner.call('GET', '/api/quizzes'), 'list quizzes');
    expect(quizzes.map((quiz) => quiz.id).sort()).toEqual([leadQuiz.id, domainQuiz.id].sort());
    const leads = await leadsOf(leadQuiz);
    expect(leads.map((stored) => [stored.email, stored.deliveryStatus])).toEqual([
      ['visitor@stack-test.test', 'delivered'],
    ]);
    const served = new URL(upload.url);
    const image = await sendHttps(on(served.hostname), 'GET', served.pathname);
    expect(image.status).toBe(200);
    expect(image.body.equals(upload.bytes)).toBe(true);
    expect((await pageOf(PUBLISH_HOST, leadQuiz)).text).toContain('Sailing stack quiz');
    expect((await pageOf(CUSTOM_DOMAIN, domainQuiz)).text).toContain('Harbour on our own domain');
    // The lead was delivered once, and nothing was sent again after the restart.
    await sleep(2_000);
    expect(receiver.received).toHaveLength(1);
  });
});
