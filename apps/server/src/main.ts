import path from 'node:path';
import { openDatabase } from '@quizbeam/db/database';
import { buildApp } from './app';
import { ConfigError, readConfig } from './config/env';
import { createConfiguredMailer, databaseLocation, resolvedDataDir } from './config/runtime';
import { loadEncryptionKey, loadSessionSecret } from './config/sessionSecret';
import { startDeliveryWorker, workerWanted } from './delivery/runningWorker';
import { workerTuning } from './delivery/workerTuning';
import { newToken } from './domain/secureTokens';
import { seedFreshDatabase } from './domain/templates/seedFreshDatabase';
import { readServerControl, removeServerControl, writeServerControl } from './modules/internal/controlFile';
import { defaultRateLimits, RateLimiter } from './security/rateLimiter';
import { createSecretBox } from './security/secretBox';

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
    limiter: new RateLimiter(),
    rateLimits: defaultRateLimits,
    mailer: createConfiguredMailer(config, (line) => console.log(line)),
  };
  const cliControlToken = embedded ? newToken() : undefined;
  const app = await buildApp(context, { cliControlToken, logger: process.env.LOG_REQUESTS === 'true' });
  // Delivers leads in this process unless WORKER=off (then `npm run worker` does); stopped before the database closes.
  const worker = workerWanted() ? startDeliveryWorker(context, workerTuning()) : null;
  if (worker) app.addHook('onClose', async () => worker.stop());
  await app.listen({ port: config.port, host: config.host });
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
  console.log(`
Quizbeam is running (started in ${seconds} s, database: ${embedded ? 'embedded PGlite' : 'PostgreSQL'}, lead delivery: ${worker ? 'in this process' : 'off (WORKER=off)'}).
  Open ${config.appUrl}${config.basePath}/
  Create the first account in another terminal:
    npm run cli -- account:create --email you@example.com --name "Your Company" --password "choose-a-password" --admin
`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, stopping…`);
    if (cliControlToken) removeServerControl(dataDir);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
