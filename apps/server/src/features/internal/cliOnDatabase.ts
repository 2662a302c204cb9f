import { openDatabase } from '@quizbeam/db/database';
import type { Config } from '../../config/env';
import { createConfiguredMailer, databaseLocation } from '../../config/runtime';
import { type AccountAndInvite, createAccountAndInvite } from '../accounts/createAccountAndInvite';
import { type AccountSummary, listAccounts } from '../accounts/listAccounts';
import { rebuildAnalyticsCommand } from '../analytics/rollups/rebuildCommand';
import type { RebuildSummary } from '../analytics/rollups/rebuildQuizAnalytics';
import { type LeadSummary, listLeads } from '../leads/listLeads';
import { seedStarterLibrary } from '../templates/seedStarterLibrary';
import type { SeedResult } from '../templates/seedSummary';
import { loadStarterLibrary } from '../templates/starterLibrary/loadStarterLibrary';
import type { CliRequest } from './cliCommands';

/** The commands the CLI runs on the database itself, when no server has it open (backups aside). */
export type DatabaseCommand = Exclude<CliRequest, { command: 'backup' }>;

export type DatabaseCommandResult =
  | { accounts: AccountSummary[] }
  | { leads: LeadSummary[] }
  | { rebuilt: RebuildSummary }
  | { seeded: SeedResult }
  | AccountAndInvite;

/**
 * Opens the database, brings it up to date and runs one command. The CLI imports this module only when it
 * needs it: a command a running server carries out loads none of the database's packages.
 */
export async function runOnDatabase(
  config: Config,
  request: DatabaseCommand,
): Promise<DatabaseCommandResult> {
  const database = await openDatabase(databaseLocation(config), { brief: true });
  try {
    await database.migrate();
    if (request.command === 'account:list') return { accounts: await listAccounts(database.db) };
    if (request.command === 'leads:list') return { leads: await listLeads(database.db, request.quizId) };
    if (request.command === 'analytics:rebuild') {
      return { rebuilt: await rebuildAnalyticsCommand(database.db, request.quizId) };
    }
    if (request.command === 'templates:seed') {
      return { seeded: await seedStarterLibrary(database.db, loadStarterLibrary()) };
    }
    const mailer = createConfiguredMailer(config, (line) => console.error(line));
    return await createAccountAndInvite({ db: database.db, mailer, config }, request.input);
  } finally {
    await database.close();
  }
}
