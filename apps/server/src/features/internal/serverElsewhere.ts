import type { Config } from '../../config/env';
import { resolvedDataDir } from '../../config/runtime';
import { AppError } from '../../shared/appError';

/** Lets a command use DATA_DIR's own database although a server on PORT uses another folder. */
export const THIS_DATA_DIR_FLAG = '--this-data-dir';

/**
 * For a server that accepts the connection and then does not answer. Nothing listening refuses at once;
 * a busy machine may take a few hundred milliseconds just to make the first request.
 */
const PROBE_TIMEOUT_MS = 1_000;

/** Whether a Quizbeam server answers its health check on this machine's loopback at `port`. */
export async function serverAnswersOn(port: number): Promise<boolean> {
  // PORT=0 has a server pick a free port: there is no port to ask.
  if (port === 0) return false;
  try {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    if (!response.ok) return false;
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && 'status' in body && body.status === 'ok';
  } catch {
    return false;
  }
}

/** Why a command stops, naming the folder it would have written to and both ways on. */
export function serverElsewhereText(dataDir: string, port: number, argv: readonly string[]): string {
  const command = `npm run cli -- ${argv[0] ?? ''}${argv.length > 1 ? ' …' : ''}`;
  return [
    `A Quizbeam server is running on port ${port}, but not on ${dataDir} (there is no server.json in it).`,
    argv[0] === 'backup'
      ? `This command would back up the embedded database in ${dataDir}, which that server does not use.`
      : `This command would write to the embedded database in ${dataDir}, which that server does not read.`,
    `To use the server's database, run the command with the server's data folder: DATA_DIR=/path/to/its/data ${command}`,
    "(or with the server's DATABASE_URL if it runs on PostgreSQL).",
    `To use ${dataDir} all the same, add ${THIS_DATA_DIR_FLAG}.`,
  ].join('\n');
}

/**
 * Stops a command that would open DATA_DIR's embedded database while the server on PORT uses another one,
 * so that nothing is written where that server never looks. For the CLI when no server owns DATA_DIR (else
 * the command goes to that server); with DATABASE_URL there is no folder, and it asks nothing.
 */
export async function refuseWhenTheServerUsesAnotherFolder(
  config: Config,
  argv: readonly string[],
): Promise<void> {
  if (config.databaseUrl || !(await serverAnswersOn(config.port))) return;
  throw new AppError('conflict', serverElsewhereText(resolvedDataDir(config), config.port, argv));
}
