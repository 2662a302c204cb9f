import { openDatabase } from '@quizbeam/db/database';
import { ConfigError, readConfig } from './config/env';
import { createConfiguredMailer, databaseLocation, resolvedDataDir } from './config/runtime';
import { loadEncryptionKey, loadSessionSecret } from './config/sessionSecret';
import { startDeliveryWorker } from './features/delivery/runningWorker';
import { workerTuning } from './features/delivery/workerTuning';
import { readServerControl } from './features/internal/controlFile';
import { onStopSignal, shutDownGracefully } from './operations/gracefulShutdown';
import { createMetricsRegistry, watchDeliveries } from './operations/metrics';
import { startOptionalMetricsListener } from './operations/metricsListener';
import { createSecretBox } from './security/secretBox';

/**
 * `npm run worker`: delivers leads without serving anything. Several may run against PostgreSQL (start the
 * servers with WORKER=off, or not: they share the work either way). The server migrates the database.
 */
async function main(): Promise<void> {
  const config = readConfig();
  const dataDir = resolvedDataDir(config);
  if (!config.databaseUrl && readServerControl(dataDir)) {
    throw new ConfigError(
      `A Quizbeam server is using the embedded database in ${dataDir} and delivers leads itself. A separate worker needs DATABASE_URL.`,
    );
  }
  const tuning = workerTuning();
  const database = await openDatabase(databaseLocation(config));
  const worker = startDeliveryWorker(
    {
      config,
      db: database.db,
      mailer: createConfiguredMailer(config, (line) => console.log(line)),
      secretBox: createSecretBox(loadEncryptionKey(dataDir, config.encryptionKey), [
        loadSessionSecret(dataDir, config.sessionSecret),
      ]),
    },
    tuning,
  );
  const metrics = config.metrics ? createMetricsRegistry() : undefined;
  if (metrics) watchDeliveries(metrics, database.db, (error) => console.error('metrics: deliveries', error));
  const metricsListener = metrics ? await startOptionalMetricsListener(metrics, config.metrics) : null;
  console.log(`Quizbeam delivery worker running (pid ${process.pid}).`);

  onStopSignal(async (signal) => {
    console.log(`${signal} received, finishing the deliveries in flight…`);
    const outcome = await shutDownGracefully({
      steps: [
        { name: 'finishing the deliveries in flight', run: () => worker.stop() },
        { name: 'closing the metrics listener', run: async () => metricsListener?.close() },
        { name: 'closing the database', run: () => database.close() },
      ],
      timeoutMs: config.shutdownTimeoutMs,
      // Deliveries still in flight go back to the queue now rather than when their lease runs out.
      onTimeout: () => worker.releaseHeld(),
      log: (line) => console.error(line),
    });
    process.exit(outcome === 'finished' ? 0 : 1);
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
