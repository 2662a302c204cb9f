import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, quizzes } from './schema';

export const conversionPlatforms = ['meta', 'ga4'] as const;
export type ConversionPlatform = (typeof conversionPlatforms)[number];

/**
 * An account's server-side conversion APIs: Meta's Conversions API (a pixel and its access token) or GA4's
 * Measurement Protocol (a measurement ID and an API secret). Quizzes choose which each lead is sent to.
 */
export const conversionApis = pgTable(
  'conversion_apis',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: conversionPlatforms }).notNull(),
    name: text('name').notNull(),
    /** Meta: the pixel (dataset) ID; GA4: the measurement ID (G-…). */
    platformId: text('platform_id').notNull(),
    /** Meta: the access token; GA4: the API secret; encrypted at rest, never sent back to the browser. */
    secretEncrypted: text('secret_encrypted').notNull(),
    /** Meta only: Events Manager's test event code, so test leads show under Test Events ('' = none). */
    testEventCode: text('test_event_code').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('conversion_apis_account_id_idx').on(table.accountId)],
);

/** A recipient who unsubscribed from a quiz's new-lead emails: they get none until listed again. */
export const leadNotificationUnsubscribes = pgTable(
  'lead_notification_unsubscribes',
  {
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.quizId, table.email] })],
);

/** A quiz's daily digest of new leads, one row per UTC day: claimed before it is sent, so it goes once. */
export const leadDigests = pgTable(
  'lead_digests',
  {
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    leadCount: integer('lead_count').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.quizId, table.day] })],
);

/**
 * A person's data erased by a marketer (by email address): who, when and how much, never whose. The
 * address itself is not kept, so the log holds no personal data of the erased person.
 */
export const dataErasures = pgTable(
  'data_erasures',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The user who erased; null once that user is gone. */
    userId: uuid('user_id'),
    leads: integer('leads').notNull(),
    events: integer('events').notNull(),
    deliveries: integer('deliveries').notNull(),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('data_erasures_account_id_idx').on(table.accountId)],
);
