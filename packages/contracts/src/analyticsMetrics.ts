/*
 * The analytics counters' metrics (analytics_counters.metric), shared by the database schema, the quiz engine's
 * reference arithmetic and the server; no zod. Every figure belongs to the UTC day its visit began.
 */

export const ANALYTICS_METRICS = [
  /** item ''. */
  'visitors',
  'starts',
  'completions',
  'leads',
  /** Visits shown a screen; item 'q:{questionId}' or 'capture'. */
  'reached',
  /** Visits that answered a question (item 'q:{questionId}') or submitted the capture form ('capture'). */
  'answered',
  /** Visits whose last screen, not completed, is this one (item as for reached). */
  'left',
  /** Visits whose (latest) answer is this one, or among the several chosen; item '{answerId}'. */
  'answer',
  /** Rating and number questions: visits whose (latest) answer is this value; item '{questionId}:{value}'. */
  'value',
  /** Completions per outcome; item '{outcomeId}' ('' for none). */
  'outcome',
  /** Completions per score; item '{score}'. */
  'score',
  /** Completions per time from start to completion; item: the bucket's lower bound in seconds. */
  'duration',
  /** Completions and leads per UTM source and campaign; item: the value ('' when none). */
  'source_completions',
  'source_leads',
  'campaign_completions',
  'campaign_leads',
  /** Visits whose address had this URL field (one the quiz keeps); item: the field's name. */
  'url_field',
] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];
