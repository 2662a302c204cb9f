import type { Database } from '@quizbeam/db/database';
import { deliveryAlerts } from '@quizbeam/db/deliverySchema';
import { and, eq } from 'drizzle-orm';

/** One alert per connection, whatever its targets: the marketer reconnects the connection, not a list. */
export const reconnectAlertKey = (connectionId: string) => `connection:${connectionId}`;

/** The builder's banner says "reconnect" until the connection works again. */
export async function raiseReconnectAlert(
  db: Database,
  accountId: string,
  connectionId: string,
  now: Date,
): Promise<void> {
  await db
    .insert(deliveryAlerts)
    .values({
      accountId,
      destinationKey: reconnectAlertKey(connectionId),
      lastFailedAt: now,
      reason: 'reconnect',
    })
    .onConflictDoUpdate({
      target: [deliveryAlerts.accountId, deliveryAlerts.destinationKey],
      set: { lastFailedAt: now, reason: 'reconnect' },
    });
}

/** The connection works again (a reconnect, or a status check or delivery that went through). */
export async function clearReconnectAlert(db: Database, connectionId: string): Promise<void> {
  await db
    .delete(deliveryAlerts)
    .where(
      and(
        eq(deliveryAlerts.destinationKey, reconnectAlertKey(connectionId)),
        eq(deliveryAlerts.reason, 'reconnect'),
      ),
    );
}
