import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, leads } from './schema';

/*
 * The lead delivery ledger: one row per lead and destination, every attempt, and the alerts the builder's
 * banner and the failure emails read.
 */

export const deliveryDestinationTypes = [
  'html-form',
  'webhook',
  'api',
  'zapier',
  'conversion',
  'lead-email',
] as const;
/** pending: waits for its first attempt; retrying: an attempt failed, another is due; then one of the last three. */
export const deliveryStates = ['pending', 'retrying', 'delivered', 'failed', 'cancelled'] as const;

/**
 * One lead to one destination, written in the lead's transaction from the published snapshot's settings:
 * the ledger the worker delivers from and the Leads view reads.
 */
export const leadDeliveries = pgTable(
  'lead_deliveries',
  {
    id: uuid('id').primaryKey(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    quizId: uuid('quiz_id').notNull(),
    destinationType: text('destination_type', { enum: deliveryDestinationTypes }).notNull(),
    /** Which destination ("html-form:{id}", "webhook:{id}", "api:{connection}:{target}"): alerts group by it. */
    destinationKey: text('destination_key').notNull(),
    destinationName: text('destination_name').notNull(),
    /** What to deliver to, as published (the form's data and field mapping, the webhook's id). */
    destination: jsonb('destination').notNull(),
    /** Sent to destinations that accept one, so a retry makes no duplicate: the lead id and the destination. */
    idempotencyKey: text('idempotency_key').notNull(),
    state: text('state', { enum: deliveryStates }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a worker holds the delivery; a worker that dies leaves it to be claimed again after this. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('lead_deliveries_idempotency_key_unique').on(table.idempotencyKey),
    index('lead_deliveries_due_idx').on(table.state, table.nextAttemptAt),
    index('lead_deliveries_lead_id_idx').on(table.leadId),
    index('lead_deliveries_account_id_state_idx').on(table.accountId, table.state),
  ],
);

/** Every attempt of a delivery: when, how long, what came back (the first 2 KB). */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => leadDeliveries.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    /** A network error, a timeout, a refused address, a cut-off body; null when an answer came. */
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
  },
  (table) => [index('delivery_attempts_delivery_id_idx').on(table.deliveryId)],
);

/** Failure alerts per account and destination: one email a day at most, and the builder's banner. */
export const deliveryAlerts = pgTable(
  'delivery_alerts',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    destinationKey: text('destination_key').notNull(),
    lastEmailedAt: timestamp('last_emailed_at', { withTimezone: true }),
    /** The banner stays until the failed deliveries are resent or the user dismisses it after this failure. */
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    /** failed: resend once it is fixed; reconnect: the connection's key or grant stopped working and leads wait. */
    reason: text('reason', { enum: ['failed', 'reconnect'] })
      .notNull()
      .default('failed'),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.destinationKey] })],
);
