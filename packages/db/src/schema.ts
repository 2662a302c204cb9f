import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
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

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  showPoweredByBadge: boolean('show_powered_by_badge').notNull().default(true),
  isLimited: boolean('is_limited').notNull().default(false),
  commercialFeatures: boolean('commercial_features').notNull().default(false),
  extraTemplates: boolean('extra_templates').notNull().default(false),
  proVersion: boolean('pro_version').notNull().default(false),
  /**
   * The account's own usage limits (contracts' usageLimitOverridesSchema): a key missing or null means the
   * default, so a raised default reaches every account without its own value.
   */
  limitOverrides: jsonb('limit_overrides').notNull().default({}),
  /** Set by an admin: nobody signs in, published quizzes show as unavailable, no leads; nothing is deleted. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** The month ('2026-11', UTC) the account's users were last told it passed its monthly lead limit. */
  leadLimitNoticeMonth: text('lead_limit_notice_month'),
  /** The tags quizzes turn on unless they set their own (`BrowserTracking`); {} means none. */
  trackingDefaults: jsonb('tracking_defaults').notNull().default({}),
  /** Leads, events and delivery attempts older than this many days are deleted nightly; null keeps them. */
  retentionDays: integer('retention_days'),
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
    /** Counts the saves; a save must name the revision it started from (the document carries it too). */
    revision: integer('revision').notNull().default(0),
    /** Who saved last, so a refused save can say who got there first. */
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('quizzes_account_id_updated_at_idx').on(table.accountId, table.updatedAt),
    uniqueIndex('quizzes_share_code_unique').on(table.shareCode),
    // A chosen path must be free on its host: the check finds the quizzes holding it by this.
    index('quizzes_published_id_idx').on(sql`(${table.document}->>'publishedId')`),
  ],
);

/** Republish: a newer snapshot went live; unpublish: the quiz was taken down (Unpublish, domain removed). */
export const snapshotRetirements = ['republish', 'unpublish'] as const;
export type SnapshotRetirement = (typeof snapshotRetirements)[number];

/** An immutable copy of a quiz as it went live; visitors only ever see snapshots. */
export const publishedSnapshots = pgTable(
  'published_snapshots',
  {
    id: uuid('id').primaryKey(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** 1 for the first Publish, then +1 for each Republish: results can be told apart by version. */
    version: integer('version').notNull(),
    /** The public path (the quiz's publishedId) and the host it is served on, as the URL shows them. */
    slug: text('slug').notNull(),
    host: text('host').notNull(),
    /** The quiz document at publish time. */
    document: jsonb('document').notNull(),
    /** Account and quiz scripts combined at publish time: { onStartPage, onOptIn, onComplete? }. */
    scripts: jsonb('scripts').notNull(),
    /** The tags the page turns on (`BrowserTracking`): the quiz's own or the account's at publish; {} = none. */
    tracking: jsonb('tracking').notNull().default({}),
    showPoweredByBadge: boolean('show_powered_by_badge').notNull(),
    /** The most points a path can collect, analysed once at publish (null on snapshots from before that). */
    maxScore: integer('max_score'),
    /** False when the flow was too tangled to analyse exactly and maxScore is an upper bound. */
    maxScoreExact: boolean('max_score_exact'),
    /** When another snapshot replaced this one (Republish) or the quiz was taken down; null while live. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    retiredBy: text('retired_by', { enum: snapshotRetirements }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('published_snapshots_quiz_version_unique').on(table.quizId, table.version)],
);

/** Which snapshot is live for a quiz; a row exists only while the quiz is published. */
export const liveQuizzes = pgTable(
  'live_quizzes',
  {
    quizId: uuid('quiz_id')
      .primaryKey()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    snapshotId: uuid('snapshot_id')
      .notNull()
      .references(() => publishedSnapshots.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
    slug: text('slug').notNull(),
  },
  (table) => [uniqueIndex('live_quizzes_host_slug_unique').on(table.host, table.slug)],
);

/**
 * Addresses a published quiz had before a Republish moved it to another host: visitors there are redirected
 * to where the quiz is live now (only while it is live). A row goes when its quiz is deleted, when the
 * address is published again, or with its custom domain.
 */
export const movedQuizAddresses = pgTable(
  'moved_quiz_addresses',
  {
    /** As snapshots store it: PUBLISH_URL's host (with its port, when it has one) or a custom domain. */
    host: text('host').notNull(),
    slug: text('slug').notNull(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.host, table.slug] }),
    index('moved_quiz_addresses_quiz_id_idx').on(table.quizId),
  ],
);

export const domains = pgTable(
  'domains',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Lower case, no port, no scheme. */
    host: text('host').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('domains_host_unique').on(table.host),
    index('domains_account_id_idx').on(table.accountId),
  ],
);

// A text column with no SQL constraint on its values: a new event needs no migration.
export const scriptEvents = ['on-start-page', 'on-opt-in', 'on-complete'] as const;

export const accountScripts = pgTable(
  'account_scripts',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event: text('event', { enum: scriptEvents }).notNull(),
    code: text('code').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.event] })],
);

export const quizScripts = pgTable(
  'quiz_scripts',
  {
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    event: text('event', { enum: scriptEvents }).notNull(),
    code: text('code').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.quizId, table.event] })],
);

/**
 * visit: the page opened (with its UTM source and campaign); start: the first question was shown; shown: a
 * question was shown (again, after Back); answer: an answer was chosen; capture: the capture form was shown;
 * lead: the capture form was submitted (the lead itself is in leads); complete: the result was computed.
 */
export const visitorEventTypes = [
  'visit',
  'start',
  'shown',
  'answer',
  'capture',
  'lead',
  'complete',
] as const;

/*
 * visitor_events and leads take the most writes, all for the same few quizzes: they have no foreign keys,
 * because each would take a share lock on the same quiz row for every insert, and concurrent inserts then
 * queue on it. Deleting a quiz deletes its rows here in the same transaction (deleteQuiz). A lead, far
 * rarer than events, share-locks its quiz row itself (recordLead), so none arrives after the deletion;
 * buffered events of a deleted quiz are dropped by the batch insert.
 */

/** What visitors of published quizzes did; written in batches. */
export const visitorEvents = pgTable(
  'visitor_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    quizId: uuid('quiz_id').notNull(),
    snapshotId: uuid('snapshot_id').notNull(),
    visitId: text('visit_id').notNull(),
    type: text('type', { enum: visitorEventTypes }).notNull(),
    questionId: integer('question_id'),
    answerId: integer('answer_id'),
    /** An answer event of another type: { answerIds } (several choices), { value } or { text }. */
    response: jsonb('response'),
    outcomeId: integer('outcome_id'),
    score: integer('score'),
    utmSource: text('utm_source'),
    utmCampaign: text('utm_campaign'),
    /** A visit event: the quiz's URL fields the address had, by name (cut to 100 characters). */
    urlFields: jsonb('url_fields'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // No other index: each one costs every event's insert, and figures are read from the rollups. The
    // rebuild replays a quiz's events in the order they were written.
    index('visitor_events_quiz_id_id_idx').on(table.quizId, table.id),
  ],
);

export const leadDeliveryStates = ['pending', 'delivered', 'failed', 'not_needed'] as const;

/** A lead is committed before the visitor's request is answered; delivery picks up `pending` ones. */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id').notNull(),
    quizId: uuid('quiz_id').notNull(),
    snapshotId: uuid('snapshot_id').notNull(),
    snapshotVersion: integer('snapshot_version').notNull(),
    visitId: text('visit_id').notNull(),
    email: text('email').notNull(),
    name: text('name'),
    consent: boolean('consent').notNull(),
    /** The confirmation checkbox text the visitor saw, or null when the form had none. */
    consentText: text('consent_text'),
    outcomeId: integer('outcome_id'),
    /**
     * The responses in the order answered: { questionId } with answerId, answerIds, value or text (see
     * `@quizbeam/contracts/responses`).
     */
    answers: jsonb('answers').notNull(),
    score: integer('score').notNull(),
    /** A scored quiz's categories as this lead scored them (`CategoryScore[]`); [] without categories. */
    categoryScores: jsonb('category_scores').notNull().default([]),
    /**
     * The capture form's other fields as stored: by field id, `{ key, label, kind, value }` (value normalised:
     * a phone in E.164, a checkbox true or false), so the lead keeps them when the quiz's fields change.
     */
    fields: jsonb('fields').notNull().default({}),
    /**
     * The quiz's URL fields (address parameters such as utm_source, gclid, ref) as the page had them, by
     * name, each at most 500 characters.
     */
    urlFields: jsonb('url_fields').notNull(),
    /** The names of the URL fields whose values were cut to 500 characters. */
    urlFieldsCut: jsonb('url_fields_cut').notNull().default([]),
    /**
     * For server-side conversions (`LeadMeasurement`): the browser event's id, the GA client id, Meta's
     * browser ids, the consent; plus the visitor's user agent. Null for leads from before it was kept.
     */
    measurement: jsonb('measurement'),
    /** SHA-256 of the visitor's IP with a server secret: enough to spot abuse, not to identify. */
    ipHash: text('ip_hash').notNull(),
    deliveryStatus: text('delivery_status', { enum: leadDeliveryStates }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('leads_quiz_id_created_at_idx').on(table.quizId, table.createdAt),
    index('leads_delivery_status_idx').on(table.deliveryStatus),
    // One lead per visit: a repeated post (a retry, a double click, a replay) stores nothing new.
    uniqueIndex('leads_quiz_id_visit_id_unique').on(table.quizId, table.visitId),
    // Erasing a person finds their leads across the account by address.
    index('leads_account_id_lower_email_idx').on(table.accountId, sql`lower(${table.email})`),
  ],
);

/** An account's pasted HTML forms: the markup as pasted and what the parser found. */
export const htmlForms = pgTable(
  'html_forms',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    originalMarkup: text('original_markup').notNull(),
    /** { method, action, fields, submit } as parsed. */
    data: jsonb('data').notNull(),
    /** SHA-256 of the parsed data in canonical form: two forms with the same are duplicates. */
    dataHash: text('data_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('html_forms_account_id_data_hash_unique').on(table.accountId, table.dataHash)],
);

/**
 * Every image upload an account was handed a link for, with the bytes it may take: the account's storage
 * quota is the sum of `bytes` (reserved at image/create, corrected to the stored size on local disk).
 */
export const images = pgTable(
  'images',
  {
    s3Key: text('s3_key').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The original's bytes plus its variants' (what the account's image quota counts). */
    bytes: integer('bytes').notNull(),
    /** The resized copies `image/complete` made ({ width, height, type, url } each); [] until then. */
    variants: jsonb('variants').notNull().default([]),
    /** The original's displayed size, measured by `image/complete`; null until then. */
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('images_account_id_idx').on(table.accountId)],
);
