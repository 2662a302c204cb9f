import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * API suites (`*.api.test.ts`) run on embedded PGlite, and once more on PostgreSQL when
 * DATABASE_URL is set; plain unit tests run once.
 */
export function databaseProjects(): TestProjectInlineConfiguration[] {
  const unit: TestProjectInlineConfiguration = {
    extends: true,
    test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: ['src/**/*.api.test.ts'] },
  };
  const api = (name: string, databaseUrl: string): TestProjectInlineConfiguration => ({
    extends: true,
    test: {
      name,
      include: ['src/**/*.api.test.ts'],
      env: { DATABASE_URL: databaseUrl },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
  const postgresUrl = process.env.DATABASE_URL;
  return [unit, api('api:pglite', ''), ...(postgresUrl ? [api('api:postgres', postgresUrl)] : [])];
}
