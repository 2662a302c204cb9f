import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './schema';

/*
 * What admins manage: the template library (with its categories), the Leads Challenge downloads, and the
 * audit log of every admin action.
 */

export const templateCategories = pgTable(
  'template_categories',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** The starter library's key for a category it brought (`templates:seed` adds missing ones by key). */
    seedKey: text('seed_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('template_categories_name_lower_unique').on(sql`lower(${table.name})`),
    uniqueIndex('template_categories_seed_key_unique').on(table.seedKey),
  ],
);

export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: ['general', 'scored'] }).notNull(),
    /** A category in use cannot be removed (restrict). */
    categoryId: uuid('category_id').references(() => templateCategories.id, { onDelete: 'restrict' }),
    description: text('description').notNull().default(''),
    pointOfQuiz: text('point_of_quiz').notNull().default(''),
    isExtra: boolean('is_extra').notNull().default(false),
    isAvailableForNewQuizzes: boolean('is_available_for_new_quizzes').notNull().default(false),
    /** The quiz document a new quiz copies (contracts' quizSchema, versioned like a quiz's). */
    document: jsonb('document').notNull(),
    revision: integer('revision').notNull().default(0),
    /** The starter library's key for a template it brought; `templates:seed` never touches an existing one. */
    seedKey: text('seed_key'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('templates_seed_key_unique').on(table.seedKey),
    index('templates_category_id_idx').on(table.categoryId),
  ],
);

export const leadsChallengeItems = pgTable('leads_challenge_items', {
  id: uuid('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /** Where the file is in the image/file storage. */
  fileKey: text('file_key').notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per admin action (contracts' auditActions), written in the action's own transaction. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    adminUserId: uuid('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as it was, so the log still names who acted after the user is gone. */
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    accountName: text('account_name'),
    summary: text('summary').notNull(),
    /** The change in machine-readable form (before and after), for investigations. */
    details: jsonb('details').notNull().default({}),
  },
  (table) => [
    index('admin_audit_log_at_idx').on(table.at),
    index('admin_audit_log_account_id_idx').on(table.accountId),
  ],
);
