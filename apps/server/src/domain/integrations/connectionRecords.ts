import {
  AUTORESPONDER_LABELS,
  type AutoresponderService,
  type Connection,
} from '@quizbeam/contracts/integrations';
import type { Database } from '@quizbeam/db/database';
import { integrationConnections } from '@quizbeam/db/integrationsSchema';
import { and, count, desc, eq } from 'drizzle-orm';
import { AppError, notFound } from '../../http/appError';
import { type ConnectionRow, findConnection, sealCredentials } from '../../integrations/connectionStore';
import type { SecretBox } from '../../security/secretBox';

/** Enough for any marketer; a bound so one account cannot fill the table. */
export const MAX_CONNECTIONS_PER_ACCOUNT = 50;

export const TOO_MANY_CONNECTIONS_TEXT = `You can have at most ${MAX_CONNECTIONS_PER_ACCOUNT} integrations. Cancel one you no longer use to add another.`;

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

export async function assertRoomForConnection(db: Database, accountId: string): Promise<void> {
  const [row] = await db
    .select({ total: count() })
    .from(integrationConnections)
    .where(eq(integrationConnections.accountId, accountId));
  if ((row?.total ?? 0) >= MAX_CONNECTIONS_PER_ACCOUNT)
    throw new AppError('conflict', TOO_MANY_CONNECTIONS_TEXT);
}

export interface NewConnection {
  accountId: string;
  service: AutoresponderService;
  displayName: string | null;
  credentials: unknown;
}

/** Stores a working connection, its credentials sealed; unnamed ones take the service's name. */
export async function createConnection(
  db: Database,
  box: SecretBox,
  input: NewConnection,
  now: Date,
): Promise<Connection> {
  await assertRoomForConnection(db, input.accountId);
  const [row] = await db
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
