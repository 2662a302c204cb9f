import { defineConfig } from 'vitest/config';
import { databaseProjects } from '../../vitest.shared.ts';

export default defineConfig({
  test: {
    projects: databaseProjects(),
    setupFiles: ['./src/testing/playerInMemory.ts'],
    // Vitest's default is one worker less than the cores: one on CI's two. The API files wait on PostgreSQL
    // and child processes much of the time, so two workers take the suite from about 9 to under 7 minutes.
    maxWorkers: 2,
  },
});
