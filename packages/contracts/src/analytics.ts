import { z } from 'zod';
import { accountParam, endpoint } from './endpoint';
import { urlFieldNameSchema } from './measurement';
import { questionTypeSchema } from './quiz';
import { MAX_CHILD_ID } from './quizConstants';

/*
 * The Analytics tab: the core figures (visitors, completions, leads; outcomes with count and percentage of
 * completions; questions with how many answered and each answer's count and percentage of those who answered;
 * ratings and numbers as a histogram with their median; the latest text answers) and what marketers rely on
 * beyond them. Percentages are numbers from 0 to 100 (rounded to one decimal); the
 * screen formats every number en-US. Everything is read from rollups attributed to the UTC day a visit began;
 * a range is whole days, both ends included.
 */

/** The longest range that may be asked for. */
export const MAX_ANALYTICS_RANGE_DAYS = 5 * 366;
export const ANALYTICS_RANGE_TOO_LONG_MESSAGE = 'Choose a date range of at most 5 years.';
export const ANALYTICS_RANGE_REVERSED_MESSAGE = 'The start of the date range must not be after its end.';
export const ANALYTICS_RANGE_FUTURE_MESSAGE = 'The date range cannot start in the future.';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.');

/** No `from`: since the quiz's first visit; no `to`: today (UTC); no `version`: every published version. */
export const analyticsQuerySchema = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
  version: z.coerce.number().int().min(1).max(1_000_000).optional(),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** The Analytics call's query: the range and version, and a URL field to break the visits down by. */
export const analyticsResultQuerySchema = analyticsQuerySchema.extend({
  /** A URL field's name (`ref`, `gclid`): the result's urlFieldBreakdown is of this field; none: null. */
  urlField: urlFieldNameSchema.optional(),
});
export type AnalyticsResultQuery = z.infer<typeof analyticsResultQuerySchema>;

const count = z.number().int().min(0);
const percentage = z.number().min(0).max(100);

export const analyticsAnswerSchema = z.object({
  id: z.number().int(),
  /** The answer's label: its text, else its caption, else "Image N (file name)"; never blank. */
  text: z.string(),
  /** Image answers: a small copy of the picture to show beside the label; null otherwise. */
  imageUrl: z.string().nullable(),
  count,
  /** Of the visits that answered this question. */
  percentage,
});

/** Rating and number questions: how the values given spread, and their median. */
export const analyticsHistogramSchema = z.object({
  /**
   * The bars in value order. A bar of one value has `from` equal to `to` (every value of a rating, and
   * numbers when few different ones were given); otherwise it holds the values from `from` up to, not
   * including, `to`, all bars equally wide.
   */
  bars: z.array(z.object({ from: z.number(), to: z.number(), count })),
  /** The middle value given (the mean of the two middle ones for an even count); null without answers. */
  median: z.number().nullable(),
  /** Number questions: the unit written after a value; '' without one, and for ratings. */
  unit: z.string(),
});
export type AnalyticsHistogram = z.infer<typeof analyticsHistogramSchema>;

/** How many of a text question's latest answers the Analytics tab lists. */
export const LATEST_TEXT_ANSWERS = 50;
/** A listed text answer is cut to this many characters (the responses CSV has it whole). */
export const TEXT_ANSWER_PREVIEW_LENGTH = 500;
export const MAX_TEXT_SEARCH_LENGTH = 100;

export const analyticsTextAnswerSchema = z.object({
  /** Plain text as the visitor typed it, at most TEXT_ANSWER_PREVIEW_LENGTH characters. */
  text: z.string(),
  /** Whether the answer is longer than `text`. */
  truncated: z.boolean(),
  /** When its visit started (ISO 8601, UTC). */
  startedAt: z.string(),
});
export type AnalyticsTextAnswer = z.infer<typeof analyticsTextAnswerSchema>;

export const analyticsQuestionSchema = z.object({
  id: z.number().int(),
  /** The question's text, else "Question N". */
  title: z.string(),
  /** The question's description: its image caption or '' (questions have a text only). */
  description: z.string(),
  /** How many answered it. */
  count,
  /** Visits shown this question (a question only some paths show counts only those). */
  reached: count,
  /** Visits whose last screen was this question and that never completed. */
  left: count,
  /** left ÷ reached. */
  dropOffPercentage: percentage,
  /** The question's type as the quiz has it now. */
  type: questionTypeSchema,
  /**
   * Choice types: each answer's count and percentage of the visits that answered. Multi-select questions
   * count every answer chosen, so their percentages may add up to more than 100. Empty for other types.
   */
  answers: z.array(analyticsAnswerSchema),
  /** Rating and number questions only. */
  histogram: analyticsHistogramSchema.optional(),
  /** Text questions only: the latest answers that are not empty, newest first, at most LATEST_TEXT_ANSWERS. */
  latestTexts: z.array(analyticsTextAnswerSchema).optional(),
});
export type AnalyticsQuestion = z.infer<typeof analyticsQuestionSchema>;

export const analyticsOutcomeSchema = z.object({
  /** null: completions that matched no outcome. */
  id: z.number().int().nullable(),
  /** The outcome's name without its score shortcodes (a count of many visits has no one score). */
  title: z.string(),
  count,
  /** Of completions. */
  percentage,
});

export const analyticsDaySchema = z.object({
  day: isoDay,
  visitors: count,
  starts: count,
  completions: count,
  leads: count,
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const analyticsBreakdownRowSchema = z.object({
  /** The UTM value; '' for visits without one. */
  value: z.string(),
  completions: count,
  leads: count,
});

/** The most values a URL field breakdown lists; the rest are counted in `otherValues`. */
export const MAX_URL_FIELD_BREAKDOWN_ROWS = 100;

/** One value of a URL field and the figures of the visits that had it. */
export const analyticsUrlFieldRowSchema = analyticsBreakdownRowSchema.extend({
  /** The URL field's value as the visit's address had it (cut to 100 characters); '' for visits without it. */
  value: z.string(),
  visitors: count,
});
export type AnalyticsUrlFieldRow = z.infer<typeof analyticsUrlFieldRowSchema>;

/**
 * Visitors, completions and leads per value of one URL field, most completions first (then most leads, most
 * visitors, then the value), at most MAX_URL_FIELD_BREAKDOWN_ROWS of them.
 */
export const analyticsUrlFieldBreakdownSchema = z.object({
  name: z.string(),
  rows: z.array(analyticsUrlFieldRowSchema),
  /** How many more values the range's visits had beyond the rows listed. */
  otherValues: count,
});
export type AnalyticsUrlFieldBreakdown = z.infer<typeof analyticsUrlFieldBreakdownSchema>;

export const analyticsResultSchema = z.object({
  /** The core figures. */
  visitorsCount: count,
  completionsCount: count,
  leadsCount: count,
  outcomes: z.array(analyticsOutcomeSchema),
  questions: z.array(analyticsQuestionSchema),
  /** What marketers rely on beyond the core figures. */
  startsCount: count,
  range: z.object({ from: isoDay, to: isoDay }),
  /** The published versions with visits, newest first (Republish makes one); the one asked for, or null. */
  versions: z.array(z.object({ version: z.number().int(), visitors: count })),
  version: z.number().int().nullable(),
  rates: z.object({
    /** starts ÷ visitors. */
    startRate: percentage,
    /** completions ÷ starts. */
    completionRate: percentage,
    /** leads ÷ completions. */
    leadsPerCompletion: percentage,
    /** leads ÷ visitors. */
    leadsPerVisitor: percentage,
  }),
  /** The capture form: shown, submitted, left there. */
  captureForm: z.object({ reached: count, submitted: count, left: count, dropOffPercentage: percentage }),
  /** null without completions. */
  medianSecondsToComplete: z.number().nullable(),
  /** One entry per day of the range, zeros included. */
  daily: z.array(analyticsDaySchema),
  utmSources: z.array(analyticsBreakdownRowSchema),
  utmCampaigns: z.array(analyticsBreakdownRowSchema),
  /**
   * The URL fields the range's visits had (the quiz's kept address parameters), with how many visitors had
   * each: the quiz's current list first, in its order, then names it no longer lists, by name.
   */
  urlFields: z.array(z.object({ name: z.string(), visitors: count })),
  /** The breakdown by the URL field the query named (`urlField`); null when it named none. */
  urlFieldBreakdown: analyticsUrlFieldBreakdownSchema.nullable(),
  /** Scored quizzes: completions per score from 0 to maxScore; null for general quizzes. */
  scoreDistribution: z.object({ maxScore: count, counts: z.array(count) }).nullable(),
});
export type AnalyticsResult = z.infer<typeof analyticsResultSchema>;

const quizParams = z.object({ account: accountParam, id: z.uuid() });

export const quizAnalyticsEndpoint = endpoint({
  method: 'GET',
  path: '/accounts/:account/quizzes/:id/analytics',
  access: 'user',
  summary: "A quiz's analytics over a date range (not for limited accounts)",
  params: quizParams,
  query: analyticsResultQuerySchema,
  response: analyticsResultSchema,
});

/** The same range and version as the Analytics figures, a text question, and what its answers must contain. */
export const analyticsTextsQuerySchema = analyticsQuerySchema.extend({
  question: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_CHILD_ID - 1),
  /** Case-insensitive; no `q` (or a blank one): the latest answers. */
  q: z
    .string()
    .max(MAX_TEXT_SEARCH_LENGTH, `Search for at most ${MAX_TEXT_SEARCH_LENGTH} characters.`)
    .optional(),
});
export type AnalyticsTextsQuery = z.infer<typeof analyticsTextsQuerySchema>;

/** A text question that is not in the quiz (or not a text question) is a 404. */
export const quizAnalyticsTextsEndpoint = endpoint({
  method: 'GET',
  path: '/accounts/:account/quizzes/:id/analytics/texts',
  access: 'user',
  summary: "A text question's latest answers over a date range, or those containing a search text",
  params: quizParams,
  query: analyticsTextsQuerySchema,
  response: z.object({ texts: z.array(analyticsTextAnswerSchema) }),
});

/**
 * A download the browser navigates to (a link, not a fetch, so the browser saves it): one row per visit that
 * started, in time order: time, version, each question's answer in quiz order (several answers joined with
 * "; ", a value with its unit, a text as typed), outcome, score, each category's score and percentage (scored
 * quizzes with categories), lead email and name, UTM source and campaign, then each other URL field the quiz
 * lists, by its name. UTF-8 with a byte order mark; streamed; honours the same query.
 */
export const quizAnalyticsCsvEndpoint = endpoint({
  method: 'GET',
  path: '/accounts/:account/quizzes/:id/analytics.csv',
  access: 'user',
  summary: "The quiz's responses as a CSV file (a download; not for limited accounts)",
  params: quizParams,
  query: analyticsQuerySchema,
  response: z.string(),
});
