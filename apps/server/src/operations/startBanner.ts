import { type CliRunner, cliCommandLine, cliRunnerHere } from '../features/internal/cliCommandLine';

export interface StartedServer {
  /** Seconds from the process's start, as printed. */
  seconds: string;
  /** Embedded PGlite in DATA_DIR, or PostgreSQL (DATABASE_URL). */
  embedded: boolean;
  deliversLeads: boolean;
  /** The builder's address: APP_URL and BASE_PATH. */
  builderUrl: string;
  dataDir: string;
  /** How the CLI is started here; found from the files around the server when not given. */
  cliRunner?: CliRunner;
}

const FIRST_ACCOUNT_ARGS =
  'account:create --email you@example.com --name "Your Company" --password "choose-a-password" --admin';

/** What the server prints once it listens, with the CLI command that reaches its own database. */
export function startBanner({
  seconds,
  embedded,
  deliversLeads,
  builderUrl,
  dataDir,
  cliRunner = cliRunnerHere(),
}: StartedServer): string {
  return `
Quizbeam is running (started in ${seconds} s, database: ${embedded ? 'embedded PGlite' : 'PostgreSQL'}, lead delivery: ${deliversLeads ? 'in this process' : 'off (WORKER=off)'}).
  Open ${builderUrl}/
  Create the first account in another terminal${embedded ? '' : ', with the same DATABASE_URL'}:
    ${cliCommandLine(dataDir, FIRST_ACCOUNT_ARGS, cliRunner)}
`;
}
