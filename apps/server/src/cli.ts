import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, readConfig } from './config/env';
import { databaseLocation, resolvedDataDir } from './config/runtime';
import type { AccountSummary } from './features/accounts/listAccounts';
import type { RebuildSummary } from './features/analytics/rollups/rebuildQuizAnalytics';
import type { AccountCreateInput, CliRequest } from './features/internal/cliCommands';
import { readServerControl } from './features/internal/controlFile';
import type { BackupSummary, RestoreSummary } from './features/internal/embeddedBackup';
import { type CommandResult, runInServer } from './features/internal/runInServer';
import {
  refuseWhenTheServerUsesAnotherFolder,
  THIS_DATA_DIR_FLAG,
} from './features/internal/serverElsewhere';
import { type SeedResult, seedSummary } from './features/templates/seedSummary';
import { AppError } from './shared/appError';

const USAGE = `Usage:
  npm run cli -- account:create --email E --name N [--password P] [--admin] [--limited] [--commercial] [--extra-templates] [--pro]
  npm run cli -- account:list
  npm run cli -- leads:list --quiz QUIZ_ID      (one JSON object per line)
  npm run cli -- analytics:rebuild --quiz QUIZ_ID   (recomputes the quiz's analytics from its raw events)
  npm run cli -- templates:seed   (adds the starter library's missing categories and templates; never changes existing ones)
  npm run cli -- backup --to FILE   (a consistent copy of the embedded database, also while the server runs; FILE must not exist)
  npm run cli -- restore --from FILE [--replace]   (with the server stopped, into an empty data folder; --replace moves the database there aside)
Any command: ${THIS_DATA_DIR_FLAG} uses DATA_DIR's database even while a server on PORT uses another folder.`;

/** What backup and restore say on PostgreSQL, whose own tools do both. */
const POSTGRES_BACKUP_TEXT =
  'The database is PostgreSQL (DATABASE_URL): back it up with pg_dump, e.g. pg_dump --format=custom --file=quizbeam.dump "$DATABASE_URL", and restore it with pg_restore (see "Backups and data export" in the README).';

class UsageError extends Error {}

/** Restore runs only here, never in a server: it replaces the database under whoever has it open. */
interface RestoreRequest {
  command: 'restore';
  from: string;
  replace: boolean;
}

/** A file named on the command line, from the folder `npm run` was started in (npm runs scripts from the root). */
const fromCallersFolder = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

function parseBackupCommand(command: 'backup' | 'restore', rest: string[]): CliRequest | RestoreRequest {
  let values: { to?: string | undefined; from?: string | undefined; replace?: boolean | undefined };
  try {
    values = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: false,
      options:
        command === 'backup'
          ? { to: { type: 'string' } }
          : { from: { type: 'string' }, replace: { type: 'boolean' } },
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (command === 'backup') {
    if (!values.to) throw new UsageError('--to is required: the file to write the backup to.');
    return { command, to: fromCallersFolder(values.to) };
  }
  if (!values.from) throw new UsageError('--from is required: the backup file to restore.');
  return { command, from: fromCallersFolder(values.from), replace: values.replace ?? false };
}

function parseCommand(argv: string[]): CliRequest | RestoreRequest {
  const [command, ...rest] = argv;
  if (command === 'backup' || command === 'restore') return parseBackupCommand(command, rest);
  if (command === 'account:list' || command === 'templates:seed') {
    if (rest.length > 0) throw new UsageError(`${command} takes no options, got "${rest.join(' ')}".`);
    return { command };
  }
  if (command === 'leads:list' || command === 'analytics:rebuild') {
    const { values } = parseArgs({ args: rest, strict: false, options: { quiz: { type: 'string' } } });
    const quizId = typeof values.quiz === 'string' ? values.quiz : '';
    if (!/^[0-9a-f-]{36}$/.test(quizId)) throw new UsageError('--quiz must be a quiz id.');
    return { command, quizId };
  }
  if (command !== 'account:create') {
    throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  }
  let values: ReturnType<typeof parseCreateOptions>;
  try {
    values = parseCreateOptions(rest);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!values.email) throw new UsageError('--email is required.');
  if (!values.name) throw new UsageError('--name is required.');
  const input: AccountCreateInput = {
    email: values.email,
    name: values.name,
    password: values.password,
    isAdmin: values.admin ?? false,
    isLimited: values.limited ?? false,
    commercialFeatures: values.commercial ?? false,
    extraTemplates: values['extra-templates'] ?? false,
    proVersion: values.pro ?? false,
  };
  return { command, input };
}

function parseCreateOptions(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      admin: { type: 'boolean' },
      limited: { type: 'boolean' },
      commercial: { type: 'boolean' },
      'extra-templates': { type: 'boolean' },
      pro: { type: 'boolean' },
    },
  }).values;
}

function printAccounts(accounts: AccountSummary[]): void {
  if (accounts.length === 0) {
    console.log('No accounts yet. Create one with account:create.');
    return;
  }
  for (const account of accounts) {
    const flags = Object.entries(account.permissions)
      .filter(([, on]) => on)
      .map(([name]) => name);
    console.log(`${account.id}  ${account.name}${flags.length ? `  [${flags.join(', ')}]` : ''}`);
    for (const user of account.users) {
      console.log(
        `    ${user.email}${user.isAdmin ? ' (admin)' : ''}${user.hasPassword ? '' : ' (no password yet)'}`,
      );
    }
  }
}

function printSeed(result: SeedResult): void {
  for (const name of result.categories) console.log(`Added template category "${name}"`);
  for (const name of result.templates) console.log(`Added template "${name}"`);
  console.log(seedSummary(result));
}

function printRebuild({ quizId, events, visits }: RebuildSummary): void {
  const counted = (count: number, noun: string) =>
    `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
  console.log(
    `Rebuilt the analytics of quiz ${quizId} from ${counted(events, 'event')} (${counted(visits, 'visit')}).`,
  );
}

/** "4.6 MB", "812 KB": en-US, decimal units as file managers show them. */
function fileSize(bytes: number): string {
  if (bytes >= 1_000_000)
    return `${(bytes / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1000)).toLocaleString('en-US')} KB`;
}

function printBackup({ file, bytes }: BackupSummary): void {
  console.log(`Backed up the embedded database to ${file} (${fileSize(bytes)}).`);
  console.log('To restore it, stop the server and run:');
  console.log(`  npm run cli -- restore --from ${JSON.stringify(file)} --replace`);
  console.log(
    'Keep the encryption key (ENCRYPTION_KEY, or DATA_DIR/encryption-key) with it: the stored connections need it.',
  );
}

function printRestore({ pgliteDir, movedAside }: RestoreSummary, from: string): void {
  console.log(`Restored the embedded database in ${pgliteDir} from ${from}.`);
  if (movedAside) console.log(`The database that was there is kept in ${movedAside}.`);
  console.log('Start the server with: npm start');
}

async function restore(request: RestoreRequest, dataDir: string, pgliteDir: string): Promise<void> {
  const server = readServerControl(dataDir);
  if (server) {
    throw new AppError(
      'conflict',
      `A Quizbeam server (process ${server.pid}) is running on ${dataDir}. Stop it first: a restore replaces the database under it.`,
    );
  }
  const { restoreDatabaseFolder } = await import('./features/internal/embeddedBackup');
  const restored = await restoreDatabaseFolder({ pgliteDir, file: request.from, replace: request.replace });
  printRestore(restored, request.from);
}

async function main(): Promise<number> {
  try {
    const argv = process.argv.slice(2);
    const request = parseCommand(argv.filter((arg) => arg !== THIS_DATA_DIR_FLAG));
    const config = readConfig();
    const location = databaseLocation(config);
    const server = config.databaseUrl ? null : readServerControl(resolvedDataDir(config));
    if (!server && !argv.includes(THIS_DATA_DIR_FLAG)) {
      await refuseWhenTheServerUsesAnotherFolder(config, argv);
    }
    // What only a command on the database itself needs (PGlite, the database driver, the mailer) is loaded
    // only then: a command the running server carries out starts in a fraction of the time.
    let result: CommandResult;
    if (request.command === 'backup' || request.command === 'restore') {
      if (!('pgliteDir' in location)) throw new AppError('validation_failed', POSTGRES_BACKUP_TEXT);
      if (request.command === 'restore') {
        await restore(request, resolvedDataDir(config), location.pgliteDir);
        return 0;
      }
      const backups = await import('./features/internal/embeddedBackup');
      backups.assertBackupFileIsNew(request.to);
      result = server
        ? await runInServer(server, request)
        : // As the database is: no migration first, and no database made where there was none.
          { backup: await backups.backupDatabaseFolder(location.pgliteDir, request.to) };
    } else if (server) {
      result = await runInServer(server, request);
    } else {
      const { runOnDatabase } = await import('./features/internal/databaseCommands');
      result = await runOnDatabase(config, request);
    }
    if ('accounts' in result) printAccounts(result.accounts);
    else if ('leads' in result) for (const lead of result.leads) console.log(JSON.stringify(lead));
    else if ('rebuilt' in result) printRebuild(result.rebuilt);
    else if ('seeded' in result) printSeed(result.seeded);
    else if ('backup' in result) printBackup(result.backup);
    else {
      console.log(result.accountId);
      if (result.invited) console.error('A set-password email has been sent to the new user.');
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`Error: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof AppError || error instanceof ConfigError) {
      console.error(`Error: ${error.message}`);
      return 1;
    }
    console.error(error);
    return 1;
  }
}

process.exitCode = await main();
