import { autoresponderServiceNames } from '@quizbeam/contracts/integrations';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, quizzes, sessions, users } from './schema';

/** The eight email services an account can connect: the contracts' list, one source for both. */
export const autoresponderServices = autoresponderServiceNames;

export const connectionStates = ['active', 'inactive'] as const;

/**
 * An account's connection to an email service. Its credentials (API keys, OAuth tokens, the service's
 * account id) are one JSON document encrypted at rest (security/secretBox), never sent to the browser.
 */
export const integrationConnections = pgTable(
  'integration_connections',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    service: text('service', { enum: autoresponderServices }).notNull(),
    displayName: text('display_name').notNull(),
    credentialsEncrypted: text('credentials_encrypted').notNull(),
    /** As last seen by a status check or a delivery: inactive means the key or grant no longer works. */
    state: text('state', { enum: connectionStates }).notNull().default('active'),
    /** Why it is inactive, as the service said. */
    stateReason: text('state_reason'),
    stateCheckedAt: timestamp('state_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('integration_connections_account_id_idx').on(table.accountId)],
);

/**
 * One OAuth round trip in flight: the `state` sent to the service (stored as its SHA-256), bound to the
 * session that started it, used once, expiring after 10 minutes. The PKCE verifier is sealed.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    /** The starting session's token hash: the callback must come back in the same session. */
    sessionTokenHash: text('session_token_hash')
      .notNull()
      .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    service: text('service', { enum: autoresponderServices }).notNull(),
    /** Set by save-connection-name before the browser leaves for the service. */
    connectionName: text('connection_name'),
    /** Reconnecting an existing connection replaces its credentials instead of adding one. */
    connectionId: uuid('connection_id'),
    codeVerifierEncrypted: text('code_verifier_encrypted'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('oauth_states_session_token_hash_idx').on(table.sessionTokenHash)],
);

/**
 * The account's Zapier API key (the Zapier page shows it read-only with Copy). Kept sealed so the page
 * can show it again, and as a SHA-256 hash so a request carrying it finds the account by index.
 */
export const zapierApiKeys = pgTable(
  'zapier_api_keys',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    keyEncrypted: text('key_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('zapier_api_keys_key_hash_unique').on(table.keyHash)],
);

/** A Zapier REST hook: "new lead" for all the account's quizzes (quiz_id null) or one. */
export const zapierHooks = pgTable(
  'zapier_hooks',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id').references(() => quizzes.id, { onDelete: 'cascade' }),
    targetUrl: text('target_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('zapier_hooks_account_id_idx').on(table.accountId)],
);

/** An account's webhook endpoints: each delivery is a JSON POST signed the Standard Webhooks way. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** The signing secret (`whsec_…`), encrypted at rest with the server's key; shown once. */
    secretEncrypted: text('secret_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhooks_account_id_idx').on(table.accountId)],
);
