import { defineConfig } from 'vitest/config';

/**
 * `npm run test:deploy`: the container image and the compose stack built and run by podman
 * (src/deploy/*.deploy.test.ts). Not part of `npm test`: each file builds an image for minutes. One file at
 * a time, since builds and stacks share the two cores and the disk.
 */
export default defineConfig({
  test: {
    include: ['src/deploy/*.deploy.test.ts'],
    fileParallelism: false,
    testTimeout: 10 * 60_000,
    hookTimeout: 60 * 60_000,
    teardownTimeout: 10 * 60_000,
  },
});
