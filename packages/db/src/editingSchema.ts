import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, quizzes, users } from './schema';

/** Why a version of a quiz was kept: a save (coalesced per author), a Publish, or a restore of an older one. */
export const quizVersionKinds = ['save', 'publish', 'restore'] as const;
export type QuizVersionKind = (typeof quizVersionKinds)[number];

/**
 * The quiz's history: what a save stored, restorable for a while (saves), or for good (publishes). A run of
 * saves by one author updates its newest row instead of adding one, so typing adds rows by time, not speed.
 */
export const quizVersions = pgTable(
  'quiz_versions',
  {
    id: uuid('id').primaryKey(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: quizVersionKinds }).notNull(),
    /** The quiz revision this version's document was stored at (its last save, when saves coalesced). */
    revision: integer('revision').notNull(),
    document: jsonb('document').notNull(),
    savedBy: uuid('saved_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the first save of this version happened: coalescing stops once it is old enough. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    /** Publishes are kept forever; saves expire. */
    keep: boolean('keep').notNull().default(false),
  },
  (table) => [index('quiz_versions_quiz_id_saved_at_idx').on(table.quizId, table.savedAt)],
);

/** Who has a quiz open in an editor tab right now: each tab says so every few seconds. */
export const quizPresence = pgTable(
  'quiz_presence',
  {
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    /** A random id per editor tab, so one person's two tabs count as two. */
    tabId: text('tab_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.quizId, table.tabId] })],
);

/** A change of sign-in email waiting for its confirmation link (sent to the new address) to be opened. */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    /** SHA-256 of the code in the link, like password codes. */
    codeHash: text('code_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_change_requests_user_id_idx').on(table.userId)],
);
