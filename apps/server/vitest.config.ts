import { defineConfig } from 'vitest/config';
import { databaseProjects } from '../../vitest.shared.ts';

/** The suites whose behaviour depends on the engine (see databaseProjects): they run on PostgreSQL too. */
const POSTGRES_SUITES = [
  // Several connections: row locks, SKIP LOCKED claims, leases, conditional updates, races.
  'src/features/delivery/delivery.api.test.ts',
  'src/features/delivery/workerLeases.api.test.ts',
  'src/features/delivery/workerProcess.api.test.ts',
  'src/features/delivery/autoresponderDelivery.api.test.ts',
  'src/features/delivery/senders/leadEmailSender.api.test.ts',
  'src/features/leadNotifications/leadDigests.api.test.ts',
  'src/features/delivery/senders/conversionSender.api.test.ts',
  'src/features/conversionApis/conversionApis.api.test.ts',
  'src/features/accounts/usageLimits.api.test.ts',
  'src/features/quizzes/quizRevisions.api.test.ts',
  'src/features/sharing/sharing.api.test.ts',
  'src/features/htmlForms/htmlForms.api.test.ts',
  'src/features/domains/domains.api.test.ts',
  'src/features/publishing/publishing.api.test.ts',
  'src/features/publishing/quizAddress.api.test.ts',
  'src/features/profile/profile.api.test.ts',
  'src/features/quizHistory/*.api.test.ts',
  'src/features/publishedSite/visitorRules.api.test.ts',
  // One transaction over leads, events and visits, and the audit row.
  'src/features/visitorData/*.api.test.ts',
  // Batched deletes, each statement its own transaction.
  'src/features/retention/*.api.test.ts',
  'src/operations/gracefulShutdown.api.test.ts',
  // LISTEN/NOTIFY, and two apps on one database (PostgreSQL only).
  'src/features/publishedSite/siteChanges.api.test.ts',
  'src/security/sharedRateLimits.api.test.ts',
  // The event writer's batches and the rollups' set-based statements, tuned per engine.
  'src/features/publishedSite/visitorEventWriter.api.test.ts',
  'src/features/publishedSite/visitorEventRows.api.test.ts',
  'src/features/analytics/rollups/*.api.test.ts',
  'src/features/analytics/analytics.api.test.ts',
  'src/features/analytics/analyticsCsv.api.test.ts',
  'src/features/analytics/questionTypes.api.test.ts',
  // What PostgreSQL refuses to store; readiness; the CLI and the seed opening the database themselves.
  'src/http/unstorableText.api.test.ts',
  'src/operations/health.api.test.ts',
  'src/cli.api.test.ts',
  'src/cliDataDir.api.test.ts',
  'src/features/internal/templatesSeed.api.test.ts',
  'src/features/templates/seedStarterLibrary.api.test.ts',
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
