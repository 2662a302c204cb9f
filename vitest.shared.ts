import type { TestProjectInlineConfiguration } from 'vitest/config';

const API_SUITES = 'src/**/*.api.test.ts';

/**
 * API suites (`*.api.test.ts`) run on embedded PGlite; plain unit tests run once. With DATABASE_URL set,
 * the suites in `postgresSuites` run once more on PostgreSQL: PGlite speaks the same SQL, so a second pass
 * only tells something where the engines differ (several connections at once: locks, races, SKIP LOCKED,
 * LISTEN/NOTIFY, batch sizes tuned per engine, the CLI opening the database itself).
 *
 * API files share one module graph per worker (no isolation): each builds its own app on its own database,
 * so importing the server once per worker rather than once per file is safe and saves minutes. Such files
 * must not mock modules (give the test app stand-ins through its context instead).
 */
export function databaseProjects(
  postgresSuites: readonly string[] = [API_SUITES],
): TestProjectInlineConfiguration[] {
  const unit: TestProjectInlineConfiguration = {
    extends: true,
    // One module graph per worker as well: a fresh one per file took half of these files' time.
    test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: [API_SUITES], isolate: false },
  };
  const api = (
    name: string,
    databaseUrl: string,
    include: readonly string[],
  ): TestProjectInlineConfiguration => ({
    extends: true,
    test: {
      name,
      include: [...include],
      env: { DATABASE_URL: databaseUrl },
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
  const postgresUrl = process.env.DATABASE_URL;
  return [
    unit,
    api('api:pglite', '', [API_SUITES]),
    ...(postgresUrl ? [api('api:postgres', postgresUrl, postgresSuites)] : []),
  ];
}

/**
 * For packages of plain functions (no DOM, no database, no module mocks): Vitest's defaults give each file a
 * fresh module graph on one worker (CI's two cores less one), which took three quarters of their time.
 */
export const plainFunctionTests = { maxWorkers: 2, isolate: false } as const;
