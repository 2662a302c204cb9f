import { defineConfig } from 'vitest/config';

/**
 * Journeys that measure time or load the machine themselves (a cluster, a throttled network, delivery
 * retries, dropped connections): they run one at a time, after the others. The container image's replay
 * (a real `npm ci`) times nothing, so it runs beside the journeys.
 */
const ALONE = [
  'src/scaleOut.e2e.test.ts',
  'src/serverResilience.e2e.test.ts',
  'src/slowNetwork.e2e.test.ts',
  'src/leadDelivery.e2e.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['./src/globalSetup.ts'],
    // A long journey takes 50 s on a quiet machine; a loaded one has taken it past a minute.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A journey polls what the browser draws; on a loaded two-core machine that takes seconds, not one.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    projects: [
      {
        extends: true,
        // Two at a time on the two cores: a third gave the same time, since the journeys keep both cores busy.
        // Files share a worker's module graph: importing Playwright and the helpers once per file took a minute.
        test: {
          name: 'journeys',
          include: ['src/**/*.e2e.test.ts'],
          exclude: ALONE,
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'alone', include: ALONE, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
