import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { describeTestModules, isTestModule, testModulesInBundle } from './testModulesInBundle.mjs';

type Imports = Record<string, string[]>;

/** A metafile as esbuild writes it, reduced to what the check reads: each input's imports, each entry's output. */
function metafileOf(imports: Imports, entries: string[], external: string[] = []): Metafile {
  const inputs: Metafile['inputs'] = {};
  for (const [path, imported] of Object.entries(imports)) {
    inputs[path] = {
      bytes: 1,
      imports: [
        ...imported.map((target) => ({ path: target, kind: 'import-statement' as const })),
        ...external.map((target) => ({ path: target, kind: 'import-statement' as const, external: true })),
      ],
    };
  }
  const outputs: Metafile['outputs'] = {};
  for (const entry of entries) {
    const name = entry.replace(/^src\/(.*)\.ts$/, 'dist/$1.js');
    outputs[name] = { bytes: 1, inputs: {}, imports: [], exports: [], entryPoint: entry };
  }
  outputs['dist/chunks/chunk-SHARED.js'] = { bytes: 1, inputs: {}, imports: [], exports: [] };
  return { inputs, outputs };
}

describe('the modules the server build refuses', () => {
  it('are the testing folder, the fakes, tests and shared test suites, wherever they are', () => {
    expect(
      [
        'src/testing/testApp.ts',
        'src/testing/dnsServer.ts',
        'src/features/integrations/fakes/fakeHttp.ts',
        'src/security/rateLimiter.test.ts',
        'src/features/quizzes/quizzes.api.test.ts',
        'src/security/rateLimiter.contract.ts',
        '../../packages/quiz-engine/src/flow.test.ts',
        '../../packages/quiz-engine/src/testing/quizzes.ts',
        '../../packages/db/src/testing/freshDatabase.ts',
      ].filter((path) => !isTestModule(path)),
    ).toEqual([]);
    expect(
      [
        'src/main.ts',
        'src/features/webhooks/sendTestDelivery.ts',
        'src/features/integrations/autoresponders/registry.ts',
        'src/features/testingRoutes.ts',
        'src/contract.ts',
        '../../packages/db/src/schema.ts',
      ].filter(isTestModule),
    ).toEqual([]);
  });

  it('finds none in a bundle of production modules only', () => {
    const metafile = metafileOf(
      {
        'src/main.ts': ['src/app.ts'],
        'src/cli.ts': ['src/app.ts'],
        'src/app.ts': ['../../packages/db/src/schema.ts'],
        '../../packages/db/src/schema.ts': [],
      },
      ['src/main.ts', 'src/cli.ts'],
      ['fastify'],
    );
    expect(testModulesInBundle(metafile)).toEqual([]);
  });

  it('names each test module with the entry that pulled it in and the shortest chain of imports', () => {
    const metafile = metafileOf(
      {
        'src/main.ts': ['src/app.ts', 'src/worker.ts'],
        'src/worker.ts': ['src/features/delivery/deliveryWorker.ts'],
        'src/app.ts': ['src/features/leads/routes.ts', 'src/testing/publishing.ts'],
        'src/features/leads/routes.ts': ['src/testing/publishing.ts'],
        'src/testing/publishing.ts': ['src/testing/testApp.ts'],
        'src/testing/testApp.ts': [],
        'src/features/delivery/deliveryWorker.ts': ['src/features/integrations/fakes/fakeHttp.ts'],
        'src/features/integrations/fakes/fakeHttp.ts': [],
      },
      ['src/main.ts', 'src/worker.ts'],
    );
    const found = testModulesInBundle(metafile);
    expect(found).toEqual([
      {
        module: 'src/testing/publishing.ts',
        entry: 'src/main.ts',
        chain: ['src/main.ts', 'src/app.ts', 'src/testing/publishing.ts'],
      },
      {
        module: 'src/testing/testApp.ts',
        entry: 'src/main.ts',
        chain: ['src/main.ts', 'src/app.ts', 'src/testing/publishing.ts', 'src/testing/testApp.ts'],
      },
      {
        module: 'src/features/integrations/fakes/fakeHttp.ts',
        entry: 'src/main.ts',
        chain: [
          'src/main.ts',
          'src/worker.ts',
          'src/features/delivery/deliveryWorker.ts',
          'src/features/integrations/fakes/fakeHttp.ts',
        ],
      },
      {
        module: 'src/features/integrations/fakes/fakeHttp.ts',
        entry: 'src/worker.ts',
        chain: [
          'src/worker.ts',
          'src/features/delivery/deliveryWorker.ts',
          'src/features/integrations/fakes/fakeHttp.ts',
        ],
      },
    ]);
    expect(describeTestModules(found)[0]).toBe(
      'src/testing/publishing.ts is in the bundle of src/main.ts, imported through src/main.ts > src/app.ts > src/testing/publishing.ts',
    );
  });

  it('finds a test file or a shared test suite imported by production code', () => {
    const metafile = metafileOf(
      {
        'src/cli.ts': ['src/security/rateLimiter.ts'],
        'src/security/rateLimiter.ts': [
          'src/security/rateLimiter.contract.ts',
          'src/security/limits.test.ts',
        ],
        'src/security/rateLimiter.contract.ts': [],
        'src/security/limits.test.ts': [],
      },
      ['src/cli.ts'],
    );
    expect(testModulesInBundle(metafile).map(({ module }) => module)).toEqual([
      'src/security/rateLimiter.contract.ts',
      'src/security/limits.test.ts',
    ]);
  });
});
