import { defineConfig } from 'vitest/config';
import { databaseProjects } from '../../vitest.shared.ts';

/** The suites whose behaviour depends on the engine (see databaseProjects): they run on PostgreSQL too. */
const POSTGRES_SUITES = [
  // Several connections: row locks, SKIP LOCKED claims, leases, conditional updates, races.
  'src/delivery/delivery.api.test.ts',
  'src/delivery/workerLeases.api.test.ts',
  'src/delivery/workerProcess.api.test.ts',
  'src/delivery/autoresponderDelivery.api.test.ts',
  'src/modules/account/usageLimits.api.test.ts',
  'src/modules/quizzes/quizRevisions.api.test.ts',
  'src/modules/sharing/sharing.api.test.ts',
  'src/modules/htmlForms/htmlForms.api.test.ts',
  'src/modules/domains/domains.api.test.ts',
  'src/modules/publishedSite/publishing.api.test.ts',
  'src/modules/publishedSite/visitorRules.api.test.ts',
  'src/operations/gracefulShutdown.api.test.ts',
  // LISTEN/NOTIFY, and two apps on one database (PostgreSQL only).
  'src/modules/publishedSite/siteChanges.api.test.ts',
  'src/security/sharedRateLimits.api.test.ts',
  // The event writer's batches and the rollups' set-based statements, tuned per engine.
  'src/modules/publishedSite/visitorEventWriter.api.test.ts',
  'src/modules/publishedSite/visitorEventRows.api.test.ts',
  'src/analytics/*.api.test.ts',
  'src/modules/analytics/analytics.api.test.ts',
  'src/modules/analytics/analyticsCsv.api.test.ts',
  // What PostgreSQL refuses to store; readiness; the CLI and the seed opening the database themselves.
  'src/http/unstorableText.api.test.ts',
  'src/operations/health.api.test.ts',
  'src/cli.api.test.ts',
  'src/cliDataDir.api.test.ts',
  'src/modules/internal/templatesSeed.api.test.ts',
  'src/domain/templates/seedStarterLibrary.api.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      ...databaseProjects(POSTGRES_SUITES),
      // The build scripts' own tests: plain Node, none of the server's setup.
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
    ],
    setupFiles: ['./src/testing/playerInMemory.ts'],
    // Vitest's default is one worker less than the cores: one on CI's two. The API files wait on PostgreSQL
    // and child processes much of the time, so two workers run the suite faster.
    maxWorkers: 2,
  },
});
