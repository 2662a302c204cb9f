import { openDatabase } from '@quizbeam/db/database';
import { ConfigError, readConfig } from './config/env';
import { databaseLocation, resolvedDataDir } from './config/runtime';
import { readServerControl } from './features/internal/controlFile';

try {
  const config = readConfig();
  if (!config.databaseUrl && readServerControl(resolvedDataDir(config))) {
    console.log('The running server owns the embedded database and applied the migrations when it started.');
  } else {
    const database = await openDatabase(databaseLocation(config));
    await database.migrate();
    await database.close();
    console.log(`Migrations applied to ${config.databaseUrl ? 'PostgreSQL' : 'the embedded database'}.`);
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
