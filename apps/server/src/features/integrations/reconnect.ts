import { replaceCredentials } from './connectionRecords';
import { type ConnectionRow, findConnection, markConnectionState } from './connectionStore';
import { type IntegrationDeps, nowOf } from './integrationDeps';

/**
 * New working credentials for an existing connection: it turns active again, and the deliveries that
 * waited for it while it was inactive are due now. Answers the connection as it now is.
 */
export async function reconnect(
  deps: IntegrationDeps,
  existing: ConnectionRow,
  credentials: unknown,
  displayName: string | null,
): Promise<ConnectionRow> {
  const now = nowOf(deps);
  await replaceCredentials(deps.db, deps.secretBox, existing.id, credentials, displayName, now);
  await markConnectionState(deps.db, existing.id, 'active', null, now);
  const row = await findConnection(deps.db, existing.accountId, existing.id);
  if (!row) throw new Error('the reconnected connection disappeared');
  return row;
}
