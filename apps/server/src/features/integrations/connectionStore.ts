import type { Database } from '@quizbeam/db/database';
import { leadDeliveries } from '@quizbeam/db/deliverySchema';
import { integrationConnections } from '@quizbeam/db/integrationsSchema';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { OutboundHttpClient } from '../../outbound/guardedHttpClient';
import type { SecretBox } from '../../security/secretBox';
import {
  type AutoresponderClient,
  type ClientContext,
  ServiceError,
} from './autoresponders/autoresponderClient';
import { AUTORESPONDER_CLIENTS, type AutoresponderClients } from './autoresponders/clientRegistry';
import { readServiceSettings } from './autoresponders/serviceSettings';
import { clearReconnectAlert } from './reconnectAlert';

export type ConnectionRow = typeof integrationConnections.$inferSelect;

export interface ConnectionDeps {
  db: Database;
  secretBox: SecretBox;
  http: OutboundHttpClient;
  env?: NodeJS.ProcessEnv;
  now?: () => Date;
  /** The services' clients; the real ones when absent. */
  clients?: AutoresponderClients;
}

/** The account's connection, or null (another account's id is as unknown as a made-up one). */
export async function findConnection(
  db: Database,
  accountId: string,
  connectionId: string,
): Promise<ConnectionRow | null> {
  const [row] = await db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.id, connectionId), eq(integrationConnections.accountId, accountId)));
  return row ?? null;
}

export const sealCredentials = (secretBox: SecretBox, credentials: unknown) =>
  secretBox.seal(JSON.stringify(credentials));

/**
 * The service's client and a context to call it with the connection's credentials, opened and parsed.
 * Credentials that cannot be opened or no longer parse mean the connection must be made again.
 */
export function clientFor(
  deps: ConnectionDeps,
  row: ConnectionRow,
): { client: AutoresponderClient; context: ClientContext<unknown> } {
  const client = (deps.clients ?? AUTORESPONDER_CLIENTS)[row.service];
  let credentials: unknown;
  try {
    credentials = client.credentialsSchema.parse(JSON.parse(deps.secretBox.open(row.credentialsEncrypted)));
  } catch {
    throw new ServiceError(
      'unauthorized',
      'The stored credentials can no longer be read: reconnect this integration.',
    );
  }
  const now = deps.now ?? (() => new Date());
  const context: ClientContext<unknown> = {
    http: deps.http,
    settings: readServiceSettings(row.service, deps.env),
    credentials,
    now,
    connectionId: row.id,
    async saveCredentials(next) {
      context.credentials = next;
      await deps.db
        .update(integrationConnections)
        .set({ credentialsEncrypted: sealCredentials(deps.secretBox, next), updatedAt: now() })
        .where(eq(integrationConnections.id, row.id));
    },
  };
  return { client, context };
}

/** Records what a status check or a delivery found; turning active again wakes the deliveries that wait. */
export async function markConnectionState(
  db: Database,
  connectionId: string,
  state: 'active' | 'inactive',
  reason: string | null,
  now: Date = new Date(),
): Promise<void> {
  const [before] = await db
    .select({ state: integrationConnections.state })
    .from(integrationConnections)
    .where(eq(integrationConnections.id, connectionId));
  await db
    .update(integrationConnections)
    .set({ state, stateReason: state === 'active' ? null : reason, stateCheckedAt: now, updatedAt: now })
    .where(eq(integrationConnections.id, connectionId));
  if (state === 'active' && before?.state === 'inactive') {
    await clearReconnectAlert(db, connectionId);
    await wakeWaitingDeliveries(db, connectionId, now);
  }
}

/**
 * After a reconnect: the deliveries that wait for this connection are due now (not those a worker holds).
 * Answers how many.
 */
export async function wakeWaitingDeliveries(
  db: Database,
  connectionId: string,
  now: Date = new Date(),
): Promise<number> {
  const woken = await db
    .update(leadDeliveries)
    .set({ nextAttemptAt: now, updatedAt: now })
    .where(
      and(
        eq(leadDeliveries.destinationType, 'api'),
        sql`${leadDeliveries.destination}->>'connectionId' = ${connectionId}`,
        inArray(leadDeliveries.state, ['pending', 'retrying']),
        or(isNull(leadDeliveries.lockedUntil), lt(leadDeliveries.lockedUntil, now)),
      ),
    )
    .returning({ id: leadDeliveries.id });
  return woken.length;
}
