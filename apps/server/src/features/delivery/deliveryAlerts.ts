import type { Database } from '@quizbeam/db/database';
import { deliveryAlerts, leadDeliveries } from '@quizbeam/db/deliverySchema';
import { quizzes, users } from '@quizbeam/db/schema';
import { and, count, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Mailer } from '../../email/mailer';
import { deliveryFailedMessage } from '../../email/messages';

const ALERT_EMAIL_INTERVAL_MS = 24 * 60 * 60 * 1000;

type Executor = Pick<Database, 'insert'>;

/** Raises (or raises again) the account's alert for a destination: the builder's banner reads it. */
export async function raiseDeliveryAlert(
  db: Executor,
  alert: { accountId: string; destinationKey: string },
  now: Date,
): Promise<void> {
  await db
    .insert(deliveryAlerts)
    .values({ ...alert, lastFailedAt: now })
    .onConflictDoUpdate({
      target: [deliveryAlerts.accountId, deliveryAlerts.destinationKey],
      set: { lastFailedAt: now },
    });
}

export interface FailedDelivery {
  accountId: string;
  quizId: string;
  destinationKey: string;
  destinationName: string;
  lastError: string | null;
}

export interface AlertEmailSettings {
  mailer: Mailer;
  /** APP_URL and BASE_PATH: where the Leads view is. */
  appUrl: string;
  basePath: string;
}

/**
 * Emails the account's users about a destination that failed for good, at most once a day per destination:
 * the right to send is taken with one conditional update, so two workers never both send it.
 */
export async function emailDeliveryAlert(
  db: Database,
  settings: AlertEmailSettings,
  failed: FailedDelivery,
  now: Date,
): Promise<boolean> {
  const alertOf = and(
    eq(deliveryAlerts.accountId, failed.accountId),
    eq(deliveryAlerts.destinationKey, failed.destinationKey),
  );
  const previous = await db
    .select({ lastEmailedAt: deliveryAlerts.lastEmailedAt })
    .from(deliveryAlerts)
    .where(alertOf);
  const taken = await db
    .update(deliveryAlerts)
    .set({ lastEmailedAt: now })
    .where(
      and(
        alertOf,
        or(
          isNull(deliveryAlerts.lastEmailedAt),
          lte(deliveryAlerts.lastEmailedAt, new Date(now.getTime() - ALERT_EMAIL_INTERVAL_MS)),
        ),
      ),
    )
    .returning({ accountId: deliveryAlerts.accountId });
  if (taken.length === 0) return false;

  const [[waiting], [quiz], recipients] = await Promise.all([
    db
      .select({ leads: count() })
      .from(leadDeliveries)
      .where(
        and(
          eq(leadDeliveries.accountId, failed.accountId),
          eq(leadDeliveries.destinationKey, failed.destinationKey),
          eq(leadDeliveries.state, 'failed'),
        ),
      ),
    db.select({ name: quizzes.name }).from(quizzes).where(eq(quizzes.id, failed.quizId)),
    db.select({ email: users.email }).from(users).where(eq(users.accountId, failed.accountId)),
  ]);
  const link = `${settings.appUrl}${settings.basePath}/quizzes/${failed.quizId}/leads`;
  const facts = {
    destinationName: failed.destinationName,
    quizName: quiz?.name ?? 'your quiz',
    waitingLeads: waiting?.leads ?? 1,
    lastError: failed.lastError,
  };
  try {
    for (const { email } of recipients) {
      await settings.mailer.send(deliveryFailedMessage(email, facts, link));
    }
  } catch (error) {
    // Unsent: the next failure may try again rather than wait a day.
    await db
      .update(deliveryAlerts)
      .set({ lastEmailedAt: previous[0]?.lastEmailedAt ?? null })
      .where(and(alertOf, eq(deliveryAlerts.lastEmailedAt, now)));
    throw error;
  }
  return true;
}

/** Hides the banner for a destination until it fails again (a resend or a dismissal). */
export async function clearDeliveryAlert(
  db: Database,
  accountId: string,
  destinationKeys: readonly string[],
  now: Date,
): Promise<void> {
  if (destinationKeys.length === 0) return;
  await db
    .update(deliveryAlerts)
    .set({ dismissedAt: now })
    .where(
      and(
        eq(deliveryAlerts.accountId, accountId),
        inArray(deliveryAlerts.destinationKey, [...destinationKeys]),
      ),
    );
}
