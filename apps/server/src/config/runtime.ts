import path from 'node:path';
import type { DatabaseLocation } from '@quizbeam/db/database';
import { createMailer, type Mailer } from '../email/mailer';
import type { Config } from './env';

export const resolvedDataDir = (config: Config): string => path.resolve(config.dataDir);

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite folder under DATA_DIR. */
export function databaseLocation(config: Config): DatabaseLocation {
  return config.databaseUrl
    ? { databaseUrl: config.databaseUrl }
    : { pgliteDir: path.join(resolvedDataDir(config), 'pglite') };
}

export function createConfiguredMailer(config: Config, log: (line: string) => void): Mailer {
  return createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(resolvedDataDir(config), 'outbox'),
    from: `Quizbeam <${config.supportEmail}>`,
    log,
  });
}
