import {
  AUTORESPONDER_LABELS,
  type AutoresponderService,
  type Connection,
} from '@quizbeam/contracts/integrations';
import type { Database } from '@quizbeam/db/database';
import { integrationConnections } from '@quizbeam/db/integrationsSchema';
import { and, desc, eq } from 'drizzle-orm';
import type { SecretBox } from '../../security/secretBox';
import { notFound } from '../../shared/appError';
import { assertWithinUsageLimit } from '../accounts/usageLimits/assertWithinUsageLimit';
import { type ConnectionRow, findConnection, sealCredentials } from './connectionStore';

const shownColumns = {
  id: integrationConnections.id,
  displayName: integrationConnections.displayName,
  serviceName: integrationConnections.service,
  state: integrationConnections.state,
};

/** Newest first, never with credentials. */
export async function listConnections(
  db: Database,
  accountId: string,
  onlyActive = false,
): Promise<Connection[]> {
  return db
    .select(shownColumns)
    .from(integrationConnections)
    .where(
      and(
        eq(integrationConnections.accountId, accountId),
        onlyActive ? eq(integrationConnections.state, 'active') : undefined,
      ),
    )
    .orderBy(desc(integrationConnections.createdAt), desc(integrationConnections.id));
}

export const connectionOf = (row: ConnectionRow): Connection => ({
  id: row.id,
  displayName: row.displayName,
  serviceName: row.service,
  state: row.state,
});

/** The account's connection to this service; another account's, or another service's, is a 404. */
export async function ownedConnection(
  db: Database,
  accountId: string,
  service: AutoresponderService,
  connectionId: string,
): Promise<ConnectionRow> {
  const row = await findConnection(db, accountId, connectionId);
  if (!row || row.service !== service) throw notFound();
  return row;
}

/**
 * Refuses a new connection (403 `quota_exceeded`) when the account has as many as its integrations limit;
 * asked before a connect starts, so nobody goes through a service's consent for nothing. Reconnecting an
 * existing connection is always allowed and never asks.
 */
export async function assertRoomForConnection(db: Database, accountId: string): Promise<void> {
  await db.transaction((tx) => assertWithinUsageLimit(tx, accountId, 'integrations'));
}

export interface NewConnection {
  accountId: string;
  service: AutoresponderService;
  displayName: string | null;
  credentials: unknown;
}

/**
 * Stores a working connection, its credentials sealed; unnamed ones take the service's name. The
 * integrations limit is checked again with the insert, in one transaction, so two connects at once cannot
 * both take the last place.
 */
export async function createConnection(
  db: Database,
  box: SecretBox,
  input: NewConnection,
  now: Date,
): Promise<Connection> {
  const [row] = await db.transaction(async (tx) => {
    await assertWithinUsageLimit(tx, input.accountId, 'integrations');
    return tx
      .insert(integrationConnections)
      .values({
        id: crypto.randomUUID(),
        accountId: input.accountId,
        service: input.service,
        displayName: input.displayName ?? AUTORESPONDER_LABELS[input.service],
        credentialsEncrypted: sealCredentials(box, input.credentials),
        state: 'active',
        stateCheckedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
  });
  if (!row) throw new Error('the connection was not stored');
  return connectionOf(row);
}

/** A reconnect: new credentials (and name, when given) for the same connection. */
export async function replaceCredentials(
  db: Database,
  box: SecretBox,
  connectionId: string,
  credentials: unknown,
  displayName: string | null,
  now: Date,
): Promise<void> {
  await db
    .update(integrationConnections)
    .set({
      credentialsEncrypted: sealCredentials(box, credentials),
      ...(displayName === null ? {} : { displayName }),
      updatedAt: now,
    })
    .where(eq(integrationConnections.id, connectionId));
}

export async function deleteConnectionRow(db: Database, connectionId: string): Promise<void> {
  await db.delete(integrationConnections).where(eq(integrationConnections.id, connectionId));
}
