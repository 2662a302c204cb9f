import { defineConfig } from 'vitest/config';
import { databaseProjects } from '../../vitest.shared.ts';

export default defineConfig({
  test: { projects: databaseProjects(), setupFiles: ['./src/testing/playerInMemory.ts'] },
});
