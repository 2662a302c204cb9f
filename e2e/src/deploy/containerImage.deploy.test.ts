import { randomUUID } from 'node:crypto';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpAnswer, sendHttp, type Target } from '../scaleOut/httpClient';
import { appOn, publishOn } from '../scaleOut/quizOwner';
import { liveQuizOf, postEvents, postLead } from '../scaleOut/visitors';
import { startWebhookReceiver, type WebhookReceiver } from '../scaleOut/webhookReceiver';
import { freePort } from '../serverProcess';
import { ENGINE_LIMITS, HOST_NETWORK, PodmanError, podman, removeQuietly } from './podman';
import { buildQuizbeamImage, cleanClone, type SourceClone } from './quizbeamImage';

/*
 * The image as an operator gets it: built by a real engine (podman) from a clean clone of this repository's
 * HEAD, started with a /data volume, its HEALTHCHECK passing, an account made with the CLI inside the
 * container, a quiz published and taken, and the lead delivered to a webhook on this machine. Then the
 * runtime's weight: no build tool in it, and the whole image within its budget.
 */

/** Its own tag, so that another deploy test building `latest` at the same time is left alone. */
const IMAGE = 'localhost/quizbeam-test:image-check';
const RUN_ID = randomUUID().slice(0, 8);
const CONTAINER = `quizbeam-image-check-${RUN_ID}`;
const VOLUME = `quizbeam-image-check-data-${RUN_ID}`;
const BUILD_TOOLS = ['vite', 'rolldown', '@rolldown', 'lightningcss', 'esbuild', '@esbuild', 'tsx'];
const IMAGE_BUDGET_BYTES = 300_000_000;

let clone: SourceClone | undefined;
let receiver: WebhookReceiver | undefined;
let app: Target;
let site: Target;
let appUrl = '';
let containerStarted = false;

const inContainer = (command: string[]) => podman(['exec', CONTAINER, ...command]);

async function expectOk(answer: HttpAnswer, what: string): Promise<HttpAnswer> {
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${what}: ${answer.status} ${answer.body.slice(0, 500)}`);
  return answer;
}

/** `podman healthcheck run` until it exits 0: without systemd, podman runs the HEALTHCHECK only when asked. */
async function untilHealthy(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      await podman(['healthcheck', 'run', CONTAINER]);
      return;
    } catch (error) {
      if (!(error instanceof PodmanError)) throw error;
      last = error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  const { stdout: logs } = await podman(['logs', CONTAINER]).catch(() => ({ stdout: '' }));
  throw new Error(`the container was not healthy in ${timeoutMs / 1000} s: ${last}\n${logs}`);
}

beforeAll(async () => {
  clone = cleanClone();
  console.log(`Building ${IMAGE} from a clean clone of ${clone.commit}…`);
  await buildQuizbeamImage(clone.dir, IMAGE);
  receiver = await startWebhookReceiver(0);
  const port = await freePort();
  app = appOn(port);
  site = publishOn(port);
  appUrl = `http://${app.host}`;
  await podman(['volume', 'create', VOLUME]);
  await podman([
    'run',
    '--detach',
    '--name',
    CONTAINER,
    ...HOST_NETWORK,
    ...ENGINE_LIMITS,
    '--volume',
    `${VOLUME}:/data`,
    // On the host's network: the port is this machine's, and loopback only.
    '--env',
    `PORT=${port}`,
    '--env',
    'HOST=127.0.0.1',
    '--env',
    'METRICS_PORT=0',
    '--env',
    `APP_URL=${appUrl}`,
    '--env',
    `PUBLISH_URL=http://${site.host}`,
    // The marketer's webhook is on this machine: a loopback address, refused unless listed.
    '--env',
    `OUTBOUND_ALLOWED_HOSTS=${new URL(receiver.url).host}`,
    IMAGE,
  ]);
  containerStarted = true;
}, 60 * 60_000);

afterAll(async () => {
  if (containerStarted) {
    const { stdout: logs } = await podman(['logs', '--tail', '40', CONTAINER]).catch(() => ({ stdout: '' }));
    console.log(`The container's last lines:\n${logs}`);
  }
  await removeQuietly('container', [CONTAINER]);
  await removeQuietly('volume', [VOLUME]);
  await removeQuietly('image', [IMAGE]);
  await receiver?.close();
  clone?.remove();
}, 10 * 60_000);

describe('the image built and run by podman', () => {
  let session: { accountId: string; call(method: string, path: string, body?: unknown): Promise<HttpAnswer> };

  it(
    'keeps its HEALTHCHECK and turns healthy',
    async () => {
      const { stdout: healthcheck } = await podman([
        'inspect',
        '--format',
        '{{json .Config.Healthcheck}}',
        CONTAINER,
      ]);
      expect(healthcheck).toContain('/healthz');
      await untilHealthy(300_000);
      const { stdout: status } = await podman(['inspect', '--format', '{{.State.Health.Status}}', CONTAINER]);
      expect(status.trim()).toBe('healthy');
    },
    15 * 60_000,
  );

  it('creates an account with the CLI inside the container, which signs in', async () => {
    const email = `owner-${RUN_ID}@example.com`;
    const password = 'container-secret-1';
    const { stdout } = await inContainer([
      'node',
      'apps/server/dist/cli.js',
      'account:create',
      '--email',
      email,
      '--name',
      'Acme Containers',
      '--password',
      password,
      '--admin',
    ]);
    const accountId = stdout.trim();
    expect(accountId).toMatch(/^[0-9a-f-]{36}$/);
    const origin = appUrl;
    const login = await expectOk(
      await sendHttp(app, 'POST', '/api/login', {
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }),
      'sign-in',
    );
    const cookie = (login.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
    session = {
      accountId,
      call: (method, path, body) =>
        sendHttp(app, method, path, {
          headers: { origin, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
    };
  });

  it('publishes a quiz, a visitor takes it, and the lead reaches the webhook on the host', async () => {
    const { accountId, call } = session;
    const created = await expectOk(
      await call('POST', `/accounts/${accountId}/webhooks`, { name: 'Lead inbox', url: receiver?.url }),
      'create a webhook',
    );
    const { webhook } = JSON.parse(created.body) as { webhook: { id: string } };
    const { quizId } = JSON.parse(
      (
        await expectOk(
          await call('POST', '/api/quizzes', { name: 'Container quiz', type: 'general' }),
          'create a quiz',
        )
      ).body,
    ) as { quizId: string };
    const stored = JSON.parse(
      (await expectOk(await call('GET', `/api/quizzes/${quizId}`), 'read the quiz')).body,
    ) as Quiz;
    const { quiz } = buildQuiz({
      type: 'general',
      questions: [{ text: 'Which harbour do you sail from?', answers: [{ text: 'Kiel', outcome: 0 }] }],
      outcomes: ['Baltic sailor'],
    });
    const published = JSON.parse(
      (
        await expectOk(
          await call('POST', `/accounts/${accountId}/quizzes/${quizId}/publish`, {
            ...quiz,
            id: stored.id,
            name: stored.name,
            revision: stored.revision,
            publishedId: stored.publishedId,
            startPage: { enabled: false },
            leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true, webhookIds: [webhook.id] },
          }),
          'publish',
        )
      ).body,
    ) as Quiz;

    const page = await sendHttp(site, 'GET', `/${published.publishedId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Which harbour do you sail from?');
    const live = await liveQuizOf(site, published);
    const visitor = {
      visitId: `container-${RUN_ID}-visit`,
      email: `visitor-${RUN_ID}@example.com`,
      address: '',
    };
    expect(await postEvents(site, live, visitor)).toBeLessThan(300);
    expect(await postLead(site, live, visitor)).toBeLessThan(300);

    const deadline = Date.now() + 60_000;
    while (
      !receiver?.received.some((delivery) => delivery.email === visitor.email) &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(receiver?.received.map((delivery) => delivery.email)).toEqual([visitor.email]);
  });

  it('keeps the server’s state on the /data volume, owned by the unprivileged user', async () => {
    const { stdout } = await inContainer(['sh', '-c', 'id -un; ls /data; stat -c %U /data/session-secret']);
    const [user, ...rest] = stdout.trim().split('\n');
    expect(user).toBe('node');
    expect(rest).toEqual(expect.arrayContaining(['pglite', 'session-secret', 'node']));
  });
});

describe('the runtime image', () => {
  it('carries no build tool', async () => {
    const { stdout } = await inContainer(['ls', '/app/node_modules']);
    const installed = stdout.split('\n');
    expect(BUILD_TOOLS.filter((name) => installed.includes(name))).toEqual([]);
    expect(installed).toContain('fastify');
  });

  it(`fits in ${IMAGE_BUDGET_BYTES / 1e6} MB`, async () => {
    const { stdout: size } = await podman(['image', 'inspect', '--format', '{{.Size}}', IMAGE]);
    const { stdout: history } = await podman(['history', '--format', '{{.Size}}\t{{.CreatedBy}}', IMAGE]);
    const layers = history
      .trim()
      .split('\n')
      .map((line) => line.split('\t'))
      .map(([layerSize = '', createdBy = '']) => `${layerSize.padStart(9)}  ${createdBy.slice(0, 150)}`);
    console.log(
      `${IMAGE}: ${(Number(size) / 1e6).toFixed(1)} MB; its layers, newest first:\n${layers.join('\n')}`,
    );
    expect(Number(size)).toBeGreaterThan(0);
    expect(Number(size)).toBeLessThanOrEqual(IMAGE_BUDGET_BYTES);
  });
});
