import { defineConfig } from 'vitest/config';

// The tests run the real Quizbeam server in-process; publishing a quiz bundles the player in memory.
export default defineConfig({
  test: {
    include: ['test/**/*.test.mjs'],
    setupFiles: ['../../apps/server/src/testing/playerInMemory.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
