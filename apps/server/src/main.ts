import path from 'node:path';
import { openDatabase } from '@quizbeam/db/database';
import { buildApp } from './app';
import { ConfigError, readConfig } from './config/env';
import { createConfiguredMailer, databaseLocation, resolvedDataDir } from './config/runtime';
import { loadEncryptionKey, loadSessionSecret } from './config/sessionSecret';
import { startDeliveryWorker, workerWanted } from './features/delivery/runningWorker';
import { workerTuning } from './features/delivery/workerTuning';
import { readServerControl, removeServerControl, writeServerControl } from './features/internal/controlFile';
import { seedFreshDatabase } from './features/templates/seedFreshDatabase';
import { onStopSignal, shutDownGracefully } from './operations/gracefulShutdown';
import { createMetricsRegistry, watchDeliveries } from './operations/metrics';
import { startOptionalMetricsListener } from './operations/metricsListener';
import { newProcessStatus } from './operations/processStatus';
import { startBanner } from './operations/startBanner';
import { createRateLimiter } from './security/createRateLimiter';
import { defaultRateLimits } from './security/rateLimiter';
import { createSecretBox } from './security/secretBox';
import { newToken } from './shared/secureTokens';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = readConfig();
  const dataDir = resolvedDataDir(config);
  const embedded = !config.databaseUrl;
  if (embedded && readServerControl(dataDir)) {
    throw new ConfigError(`Another Quizbeam server is already using ${dataDir}. Stop it first.`);
  }
  if (embedded) console.log(`Opening the embedded database in ${path.join(dataDir, 'pglite')}…`);
  const database = await openDatabase(databaseLocation(config));
  await database.migrate();
  await seedFreshDatabase(database.db, (line) => console.log(line));

  const sessionSecret = loadSessionSecret(dataDir, config.sessionSecret);
  const context = {
    config,
    db: database.db,
    sessionSecret,
    secretBox: createSecretBox(loadEncryptionKey(dataDir, config.encryptionKey), [sessionSecret]),
    limiter: createRateLimiter(config, (line) => console.error(line)),
    rateLimits: defaultRateLimits,
    mailer: createConfiguredMailer(config, (line) => console.log(line)),
  };
  const cliControlToken = embedded ? newToken() : undefined;
  const status = newProcessStatus(workerWanted() ? 'running' : 'off');
  const metrics = config.metrics ? createMetricsRegistry() : undefined;
  const app = await buildApp(context, {
    cliControlToken,
    logger: true,
    logRequests: config.logRequests,
    status,
    metrics,
  });
  // Delivers leads in this process unless WORKER=off (then `npm run worker` does); stopped before the database closes.
  const worker = status.worker === 'running' ? startDeliveryWorker(context, workerTuning()) : null;
  await app.listen({ port: config.port, host: config.host });
  if (metrics)
    watchDeliveries(metrics, database.db, (error) => app.log.warn({ err: error }, 'metrics: deliveries'));
  const metricsListener = metrics
    ? await startOptionalMetricsListener(metrics, config.metrics, app.log)
    : null;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (cliControlToken) {
    writeServerControl(dataDir, {
      pid: process.pid,
      url: `http://127.0.0.1:${port}`,
      token: cliControlToken,
    });
  }

  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(
    startBanner({
      seconds,
      embedded,
      deliversLeads: worker !== null,
      builderUrl: `${config.appUrl}${config.basePath}`,
      dataDir,
    }),
  );

  onStopSignal(async (signal) => {
    // First of all: /readyz answers 503, so a load balancer stops sending new traffic here.
    status.closing = true;
    console.log(`${signal} received, stopping…`);
    if (cliControlToken) removeServerControl(dataDir);
    const outcome = await shutDownGracefully({
      // Serving on while the load balancer's health check sees the 503 and stops sending requests here.
      drainMs: config.shutdownDrainMs,
      steps: [
        {
          // Requests in flight finish, buffered visitor events are written (the app's onClose), and the
          // deliveries in flight are recorded, side by side.
          name: 'finishing requests, events and deliveries',
          run: () =>
            Promise.all([
              app.close(),
              worker?.stop().then(() => {
                status.worker = 'stopped';
              }),
            ]),
        },
        { name: 'closing the metrics listener', run: async () => metricsListener?.close() },
        { name: 'closing the rate limiter', run: () => context.limiter.close() },
        { name: 'closing the database', run: () => database.close() },
      ],
      timeoutMs: config.shutdownTimeoutMs,
      // Deliveries still in flight go back to the queue now rather than when their lease runs out.
      onTimeout: async () => worker?.releaseHeld(),
      log: (line) => console.error(line),
    });
    process.exit(outcome === 'finished' ? 0 : 1);
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
