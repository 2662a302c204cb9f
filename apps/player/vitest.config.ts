import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['src/testing/englishTextsSetup.ts'],
    // Vitest's default is one worker less than the cores: one on CI's two.
    maxWorkers: 2,
    // A fresh jsdom per file took most of the suite's time. Files share a worker's DOM and module graph:
    // each test removes what it added to the page and restores what it stubbed, and no file mocks a module.
    isolate: false,
  },
});
