import path from 'node:path';
import { openDatabase } from '@quizbeam/db/database';
import { ConfigError, readConfig } from './config/env';
import { readServerControl } from './modules/internal/controlFile';

try {
  const config = readConfig();
  const dataDir = path.resolve(config.dataDir);
  if (!config.databaseUrl && readServerControl(dataDir)) {
    console.log('The running server owns the embedded database and applied the migrations when it started.');
  } else {
    const database = await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(dataDir, 'pglite') },
    );
    await database.migrate();
    await database.close();
    console.log(`Migrations applied to ${config.databaseUrl ? 'PostgreSQL' : 'the embedded database'}.`);
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
