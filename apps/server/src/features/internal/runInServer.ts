import { AppError } from '../../shared/appError';
import { CLI_ENDPOINT, type CliRequest } from './cliCommands';
import type { ServerControl } from './controlFile';
import type { DatabaseCommandResult } from './databaseCommands';
import type { BackupSummary } from './embeddedBackup';

/** What a CLI command gives back, from the running server or from the database itself. */
export type CommandResult = DatabaseCommandResult | { backup: BackupSummary };

/** Hands a CLI command to the server that owns the embedded database, as its control file says to reach it. */
export async function runInServer(
  { url, token }: Pick<ServerControl, 'url' | 'token'>,
  request: CliRequest,
): Promise<CommandResult> {
  const response = await fetch(`${url}${CLI_ENDPOINT}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  const text = await response.text();
  let body: CommandResult | { error: string; code: AppError['code'] };
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(
      `The running server at ${url} answered ${response.status} with something other than JSON.`,
    );
  }
  if ('error' in body) throw new AppError(body.code, body.error);
  return body;
}
