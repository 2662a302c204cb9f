import { type Database, openDatabase } from '@quizbeam/db/database';
import type { Config } from '../../config/env';
import { createConfiguredMailer, databaseLocation } from '../../config/runtime';
import type { Mailer } from '../../email/mailer';
import { type AccountAndInvite, createAccountAndInvite } from '../accounts/createAccountAndInvite';
import { type AccountSummary, listAccounts } from '../accounts/listAccounts';
import { rebuildAnalyticsCommand } from '../analytics/rollups/rebuildCommand';
import type { RebuildSummary } from '../analytics/rollups/rebuildQuizAnalytics';
import { type LeadSummary, listLeads } from '../leads/listLeads';
import { seedStarterLibrary } from '../templates/seedStarterLibrary';
import type { SeedResult } from '../templates/seedSummary';
import { loadStarterLibrary } from '../templates/starterLibrary/loadStarterLibrary';
import type { CliRequest } from './cliCommands';

/** The CLI's commands that read or write the database (a backup copies its files instead). */
export type DatabaseCommand = Exclude<CliRequest, { command: 'backup' }>;

export type DatabaseCommandResult =
  | { accounts: AccountSummary[] }
  | { leads: LeadSummary[] }
  | { rebuilt: RebuildSummary }
  | { seeded: SeedResult }
  | AccountAndInvite;

/** Runs one command, in the server that owns the database or in the CLI that opened it. */
export async function runDatabaseCommand(
  deps: { db: Database; mailer: Mailer; config: Config },
  request: DatabaseCommand,
): Promise<DatabaseCommandResult> {
  if (request.command === 'account:list') return { accounts: await listAccounts(deps.db) };
  if (request.command === 'leads:list') return { leads: await listLeads(deps.db, request.quizId) };
  if (request.command === 'analytics:rebuild') {
    return { rebuilt: await rebuildAnalyticsCommand(deps.db, request.quizId) };
  }
  if (request.command === 'templates:seed') {
    return { seeded: await seedStarterLibrary(deps.db, loadStarterLibrary()) };
  }
  return createAccountAndInvite(deps, request.input);
}

/**
 * Opens the database, brings it up to date and runs one command: the CLI's way when no server has the
 * database open. The CLI imports this module only then, so that a command a running server carries out
 * loads none of the database's packages.
 */
export async function runOnDatabase(
  config: Config,
  request: DatabaseCommand,
): Promise<DatabaseCommandResult> {
  const database = await openDatabase(databaseLocation(config), { brief: true });
  try {
    await database.migrate();
    const mailer = createConfiguredMailer(config, (line) => console.error(line));
    return await runDatabaseCommand({ db: database.db, mailer, config }, request);
  } finally {
    await database.close();
  }
}
