import { ANALYTICS_METRICS } from '@quizbeam/contracts/analyticsMetrics';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * Analytics rollups, kept up to date as visitor events are written (apps/server/src/features/analytics/rollups/), never by
 * scanning visitor_events at read time; `npm run cli -- analytics:rebuild --quiz ID` recomputes them from the
 * raw events. No foreign keys, like visitor_events: deleting a quiz deletes its rows here (deleteQuiz).
 * Every figure is attributed to the day (UTC) its visit began, so a visit's later steps update the same rows.
 */

/** A visit's answer to one question, as analytics_visits.answers keeps it. */
export type VisitAnswer = number | number[] | { value: number } | { text: string };

/** One row per visit: the state the incremental figures need (where the visit is, when it started). */
export const analyticsVisits = pgTable(
  'analytics_visits',
  {
    quizId: uuid('quiz_id').notNull(),
    visitId: text('visit_id').notNull(),
    snapshotId: uuid('snapshot_id').notNull(),
    /** The published version of the snapshot (Republish makes a new one). */
    version: integer('version').notNull(),
    /** The UTC day of the visit's first event. */
    day: date('day', { mode: 'string' }).notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The last screen shown while not completed: 'q:{questionId}' or 'capture'; null before the first. */
    lastItem: text('last_item'),
    utmSource: text('utm_source'),
    utmCampaign: text('utm_campaign'),
    /** The quiz's URL fields its visit event had, by name (each cut to 100 characters); {} when none. */
    urlFields: jsonb('url_fields').$type<Record<string, string>>().notNull().default({}),
    outcomeId: integer('outcome_id'),
    score: integer('score'),
    /**
     * The screens the visit was shown, once each ('q:{id}', 'capture': "reached" counts a visit once per
     * screen), and two markers: 'visit' once its first visit event is counted, 'lead' once its first lead is.
     */
    screens: text('screens').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The answer it gave each question, by question id (the latest, when it went back and changed it): an
     * answer id, the answer ids chosen (multi-select), { value } (rating, number) or { text }.
     */
    answers: jsonb('answers').$type<Record<string, VisitAnswer>>().notNull().default({}),
  },
  (table) => [
    primaryKey({ columns: [table.quizId, table.visitId] }),
    // The responses CSV pages through a quiz's started visits in time order.
    index('analytics_visits_quiz_started_idx').on(table.quizId, table.startedAt, table.visitId),
  ],
);

export const analyticsCounters = pgTable(
  'analytics_counters',
  {
    quizId: uuid('quiz_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    version: integer('version').notNull(),
    metric: text('metric', { enum: ANALYTICS_METRICS }).notNull(),
    item: text('item').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.quizId, table.day, table.version, table.metric, table.item] })],
);
