import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  showPoweredByBadge: boolean('show_powered_by_badge').notNull().default(true),
  isLimited: boolean('is_limited').notNull().default(false),
  commercialFeatures: boolean('commercial_features').notNull().default(false),
  extraTemplates: boolean('extra_templates').notNull().default(false),
  proVersion: boolean('pro_version').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** Null until the user sets a password through the set-password link. */
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    index('users_account_id_idx').on(table.accountId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token, so a leaked table cannot be replayed as cookies. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const passwordCodePurposes = ['reset', 'set'] as const;
export type PasswordCodePurpose = (typeof passwordCodePurposes)[number];

export const passwordCodes = pgTable(
  'password_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    purpose: text('purpose', { enum: passwordCodePurposes }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('password_codes_code_hash_unique').on(table.codeHash)],
);

export const quizzes = pgTable(
  'quizzes',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['general', 'scored'] }).notNull(),
    isPublished: boolean('is_published').notNull().default(false),
    /** The whole quiz document (contracts' quizSchema, versioned); the columns above mirror it for queries. */
    document: jsonb('document').notNull(),
    /** Set on the first Share; lets another account import a copy. */
    shareCode: text('share_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('quizzes_account_id_updated_at_idx').on(table.accountId, table.updatedAt),
    uniqueIndex('quizzes_share_code_unique').on(table.shareCode),
  ],
);
