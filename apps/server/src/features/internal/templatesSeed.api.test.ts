import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openTestDatabase, seedMigratedPglite } from '@quizbeam/db/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../http/errorHandler';
import { compiledCliPath } from '../../testing/compiledCli';
import { startTestApp, type TestApp } from '../../testing/testApp';
import { loadStarterLibrary } from '../templates/starterLibrary/loadStarterLibrary';
import { CLI_ENDPOINT, cliResultSchema } from './cliCommands';
import { internalCliRoutes } from './routes';

const TOKEN = 'control-token-for-the-test';

describe('templates:seed in the running server (the internal endpoint)', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp();
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await app.register(internalCliRoutes(t.context, TOKEN));
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const seed = (token = TOKEN) =>
    app.inject({
      method: 'POST',
      url: CLI_ENDPOINT,
      headers: { authorization: `Bearer ${token}` },
      payload: { command: 'templates:seed' },
    });

  it('adds the starter library once, and nothing the second time', async () => {
    const library = loadStarterLibrary();
    const first = cliResultSchema.parse((await seed()).json());
    expect(first).toEqual({
      seeded: {
        categories: library.categories.map((category) => category.name),
        templates: library.templates.map((template) => template.name),
      },
    });
    expect(cliResultSchema.parse((await seed()).json())).toEqual({
      seeded: { categories: [], templates: [] },
    });
  });

  it('answers 404 without the control token, whatever its length or characters', async () => {
    expect((await seed('wrong-token-of-the-same-length!!')).statusCode).toBe(404);
    expect((await seed('')).statusCode).toBe(404);
    // As many characters as the token, more bytes: no length is revealed, and nothing breaks.
    expect((await seed('é'.repeat(TOKEN.length))).statusCode).toBe(404);
    expect((await seed(`${TOKEN}x`)).statusCode).toBe(404);
  });
});

const run = promisify(execFile);

describe(`npm run cli -- templates:seed (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quizbeam-seed-cli-'));
  let env: NodeJS.ProcessEnv;
  let closeDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    if (process.env.DATABASE_URL) {
      const database = await openTestDatabase();
      env.DATABASE_URL = database.url;
      closeDatabase = database.close;
    } else {
      await seedMigratedPglite(dataDir);
    }
  });
  afterAll(async () => {
    await closeDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function cli(...args: string[]) {
    try {
      const { stdout, stderr } = await run(process.execPath, [await compiledCliPath(), ...args], { env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it('prints what it added, adds nothing the second time, and refuses options', async () => {
    const library = loadStarterLibrary();
    const first = await cli('templates:seed');
    expect(first.code).toBe(0);
    const lines = first.stdout.trim().split('\n');
    expect(lines).toEqual([
      ...library.categories.map((category) => `Added template category "${category.name}"`),
      ...library.templates.map((template) => `Added template "${template.name}"`),
      `Added ${library.categories.length} template categories and ${library.templates.length} templates from the starter library.`,
    ]);

    const second = await cli('templates:seed');
    expect(second.code).toBe(0);
    expect(second.stdout.trim()).toBe('The starter library is already in place: nothing to add.');

    const withOption = await cli('templates:seed', '--force');
    expect(withOption.code).toBe(2);
    expect(withOption.stderr).toContain('templates:seed takes no options, got "--force".');
    expect(withOption.stderr).toContain('npm run cli -- templates:seed');
  }, 120_000);
});
