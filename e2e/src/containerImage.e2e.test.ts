import { type ChildProcess, execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { completeImageEndpoint, createImageEndpoint } from '@quizbeam/contracts/images';
import { EMBED_SCRIPT_PATH, publishQuizEndpoint } from '@quizbeam/contracts/publishing';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { createQuizEndpoint, getQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { listTemplatesEndpoint } from '@quizbeam/contracts/templates';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  imageCommand,
  installedPackage,
  type ReplayedImage,
  replayStage,
  spawnInImage,
  type Unprivileged,
  unprivilegedUser,
} from './containerLayout';
import { dockerignoreMatcher, parseDockerfile, type Stage } from './dockerfileParser';
import { buildIfStale, freePort, repoRoot } from './serverProcess';

/*
 * The container image, without a container engine (none runs on the development machine): the Dockerfile's
 * runtime stage is replayed into a folder standing for the image (its COPY lines from this repository's own
 * build, its `npm ci --omit=dev` for real), then its CMD is started from the WORKDIR with the image's ENV,
 * as the unprivileged user, on a fresh data folder. What the image would serve, this serves.
 */

/** What builds the builder, the player and the server: none of it may reach the runtime image. */
const BUILD_TOOLS = ['vite', 'rolldown', '@rolldown', 'lightningcss', 'esbuild', '@esbuild', 'tsx'];

const stages: Stage[] = parseDockerfile(readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8'));
const unprivileged: Unprivileged | null = unprivilegedUser();
let image: ReplayedImage;
let server: ChildProcess;
let output = '';
let env: Record<string, string> = {};
let appUrl = '';
let publishUrl = '';

/** Runs an image command to its end (the CLI, the health check) as the container would: same folder, user and env. */
function runInImage(command: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const [program, args] = imageCommand(command, unprivileged);
  return new Promise((resolve) => {
    execFile(
      program,
      args,
      { cwd: image.workdir, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

function startCmd(): Promise<void> {
  server = spawnInImage(image, image.cmd ?? [], env, unprivileged);
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the image's CMD did not start in 60 s:\n${output}`)),
      60_000,
    );
    const started = () => {
      if (!output.includes('Quizbeam is running')) return;
      clearTimeout(timer);
      resolve();
    };
    server.stdout?.on('data', started);
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the image's CMD exited with ${code}:\n${output}`));
    });
  });
}

const filled = (declaration: { path: string }, params: Record<string, string>) =>
  declaration.path.replace(/:([a-zA-Z]+)/g, (_, name: string) => params[name] ?? `:${name}`);

type Api = (method: string, url: string, body?: unknown) => Promise<Response>;
let adminSession: Promise<{ accountId: string; origin: string; api: Api }> | undefined;

/** An admin made with the image's own CLI (as `docker compose exec quizbeam node apps/server/dist/cli.js …`), signed in. */

function signedInAdmin() {
  adminSession ??= (async () => {
    const email = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const created = await runInImage([
      'node',
      'apps/server/dist/cli.js',
      'account:create',
      '--email',
      email,
      '--name',
      'Acme Containers',
      '--password',
      'secret-one',
      '--admin',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const origin = new URL(appUrl).origin;
    const login = await fetch(`${appUrl}/api/login`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-one' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const api: Api = (method, url, body) =>
      fetch(`${appUrl}${url}`, {
        method,
        headers: { cookie, origin, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    return { accountId: created.stdout.trim(), origin, api };
  })();
  return adminSession;
}

beforeAll(async () => {
  // The build stage's `npm run build`: the repository's own build is what the runtime stage copies.
  buildIfStale();
  const root = mkdtempSync(path.join(tmpdir(), 'quizbeam-image-'));
  // The image's files are root's and readable by all, as in the image; the unprivileged user must reach them.
  chmodSync(root, 0o755);
  image = replayStage(stages, 'runtime', {
    repoRoot,
    root,
    unprivileged,
    npmExtraArgs: ['--prefer-offline'],
  });
  const port = await freePort();
  env = {
    ...image.env,
    // The image's DATA_DIR, at its place in the replayed root (given to the unprivileged user by the RUN line).
    DATA_DIR: image.hostPath(image.env.DATA_DIR ?? '/data'),
    PORT: String(port),
    // Embedded PGlite, as `docker run` without DATABASE_URL.
    DATABASE_URL: '',
    // Tests run several servers at once: none holds the fixed metrics port.
    METRICS_PORT: '0',
  };
  appUrl = `http://localhost:${port}`;
  publishUrl = `http://127.0.0.1:${port}`;
  await startCmd();
}, 240_000);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (image) rmSync(image.root, { recursive: true, force: true });
});

describe('the Dockerfile', () => {
  it('builds in one stage and runs as a non-root user with the issue’s settings in the other', () => {
    // Operators get the public base; a machine that cannot pull it passes another as NODE_IMAGE.
    expect(stages.map((stage) => [stage.name, stage.image, stage.imageArg])).toEqual([
      ['build', 'node:20-bookworm-slim', 'NODE_IMAGE'],
      ['runtime', 'node:20-bookworm-slim', 'NODE_IMAGE'],
    ]);
    const buildRuns = stages[0]?.instructions.flatMap((step) =>
      step.kind === 'RUN' ? step.commands.map((command) => command.kind) : [],
    );
    expect(buildRuns).toEqual(['npm ci', 'npm run build']);
    expect(image.npmInstalls).toHaveLength(1);
    expect(image.npmInstalls[0]).toContain('--omit=dev');
    expect(image.packageEdits.flatMap((edit) => edit.keys)).toEqual(
      expect.arrayContaining(['devDependencies', 'dependencies.esbuild']),
    );
    expect(image.scriptsRun).toEqual(['scripts/pruneRuntimeModules.mjs']);
    expect(image.env).toEqual({ NODE_ENV: 'production', PORT: '3000', HOST: '0.0.0.0', DATA_DIR: '/data' });
    expect(image.user).toBe('node');
    expect(image.volume).toBe(image.env.DATA_DIR);
    expect(image.writableFolders).toEqual([{ folder: image.env.DATA_DIR, owner: image.user }]);
    expect(image.exposedPort).toBe(Number(image.env.PORT));
    expect(image.cmd).toEqual(['node', 'apps/server/dist/main.js']);
    expect(image.healthcheck?.[0]).toBe('node');
  });

  it('copies nothing that .dockerignore keeps out of the build context, except what the build makes', () => {
    const isIgnored = dockerignoreMatcher(readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8'));
    const madeByTheBuild = (source: string) => source.split('/').includes('dist');
    const missing = image.copied.filter(({ from, source }) =>
      from === 'context' ? isIgnored(source) : !madeByTheBuild(source) && isIgnored(source),
    );
    expect(missing).toEqual([]);
    // The matcher itself: what must stay out does.
    for (const kept of [
      'node_modules/vitest',
      'apps/server/node_modules',
      'apps/server/dist',
      '.git/HEAD',
      'data',
    ]) {
      expect(isIgnored(kept), kept).toBe(true);
    }
  });
});

describe('the image started as its CMD', () => {
  it('answers /healthz and /readyz', async () => {
    const health = await fetch(`${publishUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${publishUrl}/readyz`);
    expect(ready.status, JSON.stringify(await ready.clone().json())).toBe(200);
    expect(((await ready.json()) as { status: string }).status).toBe('ready');
  });

  it('serves the builder’s sign-in page and its script', async () => {
    const page = await fetch(`${appUrl}/login`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const script = /<script[^>]+src="(\/ui\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, html).toBeDefined();
    const asset = await fetch(`${appUrl}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
  });

  it('offers the starter template library it read from the image’s JSON files', async () => {
    const { api } = await signedInAdmin();
    const templates = (await (await api('GET', listTemplatesEndpoint.path)).json()) as { name: string }[];
    const templateFiles = readdirSync(
      path.join(repoRoot, 'apps/server/src/features/templates/starterLibrary/templates'),
    );
    expect(templates).toHaveLength(templateFiles.length);
  });

  it('publishes a quiz made through the API and serves its page, the player and the embed script', async () => {
    const { accountId, api } = await signedInAdmin();
    const spec = {
      type: 'scored' as const,
      questions: [
        { text: 'Do you ship containers?', answers: [{ text: 'Every day', points: 1 }, { text: 'Not yet' }] },
      ],
      outcomes: [{ from: 0, to: 1 }],
    };
    const { quizId } = (await (
      await api('POST', createQuizEndpoint.path, { name: 'Image check', type: 'scored' })
    ).json()) as { quizId: string };
    const stored = (await (await api('GET', filled(getQuizEndpoint, { id: quizId }))).json()) as Quiz;
    const published = await api('POST', filled(publishQuizEndpoint, { account: accountId, id: quizId }), {
      ...buildQuiz(spec).quiz,
      id: stored.id,
      name: stored.name,
      publishedId: stored.publishedId,
      revision: stored.revision,
    });
    expect(published.status, await published.clone().text()).toBe(200);
    const slug = ((await published.json()) as Quiz).publishedId;

    const page = await fetch(`${publishUrl}/${slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Do you ship containers?');
    const player = /src="(\/_q\/player-[^"]+\.js)"/.exec(html)?.[1];
    expect(player, html).toBeDefined();
    const script = await fetch(`${publishUrl}${player}`);
    expect(script.status).toBe(200);
    expect((await script.text()).length).toBeGreaterThan(1000);
    expect((await fetch(`${publishUrl}${EMBED_SCRIPT_PATH}`)).status).toBe(200);
  });

  it('resizes an upload with the sharp that `npm ci --ignore-scripts` installed', async () => {
    const { accountId, api, origin } = await signedInAdmin();
    const png = await sharp({
      create: { width: 1000, height: 700, channels: 3, background: { r: 30, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    const upload = (await (
      await api('POST', filled(createImageEndpoint, { account: accountId }), {
        filename: 'cover.png',
        size: png.length,
      })
    ).json()) as { preSignedUrl: string; s3Key: string; uploadHeaders: Record<string, string> };
    const put = await fetch(upload.preSignedUrl, {
      method: 'PUT',
      headers: { ...upload.uploadHeaders, origin },
      body: new Uint8Array(png),
    });
    expect(put.status).toBe(200);
    const completed = await api('POST', filled(completeImageEndpoint, { account: accountId }), {
      s3Key: upload.s3Key,
    });
    expect(completed.status, await completed.clone().text()).toBe(200);
    const { width, variants } = (await completed.json()) as { width: number; variants: { width: number }[] };
    expect(width).toBe(1000);
    expect(variants.map((variant) => variant.width)).toContain(640);
  });

  it('passes its HEALTHCHECK command', async () => {
    const check = await runInImage(image.healthcheck ?? []);
    expect(check.code, check.stderr).toBe(0);
  });

  it('holds no TypeScript source, no devDependency and no .git', () => {
    const sources: string[] = [];
    const visit = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const file = path.join(folder, entry.name);
        if (entry.isDirectory() && entry.name !== 'node_modules') visit(file);
        else if (/\.(ts|tsx|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) sources.push(file);
        if (entry.name === '.git') sources.push(file);
      }
    };
    visit(image.workdir);
    expect(sources).toEqual([]);
    expect(
      existsSync(
        path.join(image.workdir, 'apps/server/src/features/templates/starterLibrary/categories.json'),
      ),
    ).toBe(true);
    const devOnly = [
      'vitest',
      '@biomejs/biome',
      'typescript',
      'drizzle-kit',
      'jsdom',
      'playwright-core',
      'react',
    ];
    expect(devOnly.filter((name) => installedPackage(image, name) !== null)).toEqual([]);
    expect(installedPackage(image, 'fastify')).not.toBeNull();
  });

  it('carries no build tool: the builder’s vite and its tools, esbuild and tsx stay out', () => {
    expect(BUILD_TOOLS.filter((name) => existsSync(path.join(image.workdir, 'node_modules', name)))).toEqual(
      [],
    );
    // What the server needs to run is there all the same: the build tools were all it lost.
    for (const name of ['fastify', 'sharp', '@electric-sql/pglite', '@fastify/swagger-ui', 'pg']) {
      expect(installedPackage(image, name), name).not.toBeNull();
    }
  });

  it('serves every font file the builder’s fonts.css names, and keeps no font file it never serves', async () => {
    const stylesheet = await fetch(`${appUrl}/ui/fonts/fonts.css`);
    expect(stylesheet.status).toBe(200);
    const urls = [
      ...new Set([...(await stylesheet.text()).matchAll(/url\("([^"]+)"\)/g)].map((match) => match[1] ?? '')),
    ];
    expect(urls.length).toBeGreaterThan(100);
    const failed: string[] = [];
    for (const url of urls) {
      const answer = await fetch(`${appUrl}${url}`);
      const bytes = Buffer.from(await answer.arrayBuffer());
      if (answer.status !== 200 || bytes.subarray(0, 4).toString('latin1') !== 'wOF2')
        failed.push(`${url}: ${answer.status}`);
    }
    expect(failed).toEqual([]);
    const fontsource = path.join(image.workdir, 'node_modules/@fontsource');
    const kept = readdirSync(fontsource).flatMap((font) =>
      readdirSync(path.join(fontsource, font, 'files')).map((name) =>
        path.join(fontsource, font, 'files', name),
      ),
    );
    expect(kept.filter((file) => !file.endsWith('-normal.woff2'))).toEqual([]);
    // Every subset, style and format is about 60 MB; the latin and latin-ext upright woff2 files about 9.
    const keptBytes = kept.reduce((sum, file) => sum + statSync(file).size, 0);
    expect(keptBytes).toBeLessThan(15_000_000);
  });

  it('keeps no source map or TypeScript declaration in node_modules, which Node never loads', () => {
    const neverLoaded: string[] = [];
    const visit = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const file = path.join(folder, entry.name);
        if (entry.isDirectory()) visit(file);
        else if (/\.(map|d\.ts|d\.mts|d\.cts)$/.test(entry.name)) neverLoaded.push(file);
      }
    };
    visit(path.join(image.workdir, 'node_modules'));
    expect(neverLoaded).toEqual([]);
  });

  it('keeps its state in DATA_DIR as the unprivileged user, while its own files stay root’s', () => {
    const dataDir = env.DATA_DIR ?? '';
    expect(readdirSync(dataDir)).toEqual(
      expect.arrayContaining(['pglite', 'session-secret', 'encryption-key']),
    );
    if (unprivileged) {
      expect(statSync(path.join(dataDir, 'session-secret')).uid).toBe(unprivileged.uid);
      const main = statSync(path.join(image.workdir, 'apps/server/dist/main.js'));
      expect(main.uid).toBe(0);
      expect(main.mode & 0o022).toBe(0);
    }
  });

  it('stops on SIGTERM with exit code 0, after which the HEALTHCHECK fails', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    const check = await runInImage(image.healthcheck ?? []);
    expect(check.code).not.toBe(0);
  });
});
