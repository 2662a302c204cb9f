import { existsSync } from 'node:fs';
import path from 'node:path';
import { repositoryRoot } from '@quizbeam/db/repositoryRoot';
import { DEFAULT_DATA_DIR } from '../../config/env';

/** The folder `npm run cli` opens when DATA_DIR is not set: npm runs the script in the repository's folder. */
export const defaultCliDataDir = (): string => path.join(repositoryRoot(import.meta.url), DEFAULT_DATA_DIR);

/** A word for a POSIX shell: as it is when the shell would leave it alone, in single quotes otherwise. */
export function shellWord(value: string): string {
  return /^[\w./:@%+=,-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * How the CLI is started where this server runs: `npm run cli` in a checkout (it builds what is stale
 * first), the compiled entry point where there is nothing to build with, as in the container image, whose
 * runtime has neither the build script nor the build tools.
 */
export type CliRunner = 'npm' | 'node';

export const cliRunnerHere = (): CliRunner =>
  existsSync(path.join(repositoryRoot(import.meta.url), 'scripts/build.mjs')) ? 'npm' : 'node';

/**
 * The CLI with ARGS as typed to reach the database of a server on `dataDir`: with that DATA_DIR in front
 * unless it is the folder the CLI opens by itself, since the CLI finds the running server through it.
 */
export function cliCommandLine(dataDir: string, args: string, runner: CliRunner = cliRunnerHere()): string {
  const command = runner === 'npm' ? `npm run cli -- ${args}` : `node apps/server/dist/cli.js ${args}`;
  const folder = path.resolve(dataDir);
  return folder === defaultCliDataDir() ? command : `DATA_DIR=${shellWord(folder)} ${command}`;
}
