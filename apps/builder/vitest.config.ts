import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Vitest's default is one worker less than the cores (one on CI's two); two finish about a fifth sooner.
    maxWorkers: 2,
    // Files share a worker's module graph and DOM: the setup file cleans up after each test and replaces
    // modules for all files alike (no file mocks a module of its own). A fresh environment per file took
    // three quarters of the suite's time.
    isolate: false,
  },
});
