import { openDatabase } from '@quizbeam/db/database';
import { ConfigError, readConfig } from './config/env';
import { createConfiguredMailer, databaseLocation, resolvedDataDir } from './config/runtime';
import { loadEncryptionKey, loadSessionSecret } from './config/sessionSecret';
import { startDeliveryWorker } from './delivery/runningWorker';
import { workerTuning } from './delivery/workerTuning';
import { readServerControl } from './modules/internal/controlFile';
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
  console.log(`Quizbeam delivery worker running (pid ${process.pid}).`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, finishing the deliveries in flight…`);
    await worker.stop();
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
